"""A PyOpenCL host (tests/record.rs): builds kernels.cl with
-D SCALE_TYPE=float and launches scale (local size None: the runtime
picks it) and the racy shift_left.  Usage: python3 host.py KERNELS.cl"""
import sys

import numpy as np
import pyopencl as cl

N = 512


def main(path):
    ctx = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(ctx)
    with open(path) as f:
        program = cl.Program(ctx, f.read()).build(options=["-D", "SCALE_TYPE=float"])

    mf = cl.mem_flags
    host_in = np.arange(N, dtype=np.float32)
    src = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=host_in)
    dst = cl.Buffer(ctx, mf.WRITE_ONLY, host_in.nbytes)
    ints = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                     hostbuf=np.arange(N, dtype=np.int32))

    program.scale(queue, (N,), None, dst, src, np.float32(3.0), np.uint32(N))
    program.shift_left(queue, (N,), (32,), ints, np.uint32(N))

    result = np.empty_like(host_in)
    cl.enqueue_copy(queue, result, dst)
    queue.finish()
    assert result[5] == 15.0, result[5]
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1])
