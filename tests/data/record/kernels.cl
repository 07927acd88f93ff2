// Kernels launched by host.c and host.py (tests/record.rs): what
// `gpuverify record` records and `gpuverify --launches` verifies.

#ifndef SCALE_TYPE
#error "built with -D SCALE_TYPE=float by the host"
#endif

// Race-free: each work-item writes its own element. Launched with a NULL
// local size (the runtime picks the group size).
__kernel void scale(__global SCALE_TYPE *out, __global const SCALE_TYPE *in,
                    SCALE_TYPE factor, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    out[i] = in[i] * factor;
}

// Race-free: a tree reduction in __local scratch memory sized by the host
// (clSetKernelArg with a NULL value), one partial sum per group.
__kernel void group_sum(__global const int *in, __global int *partial,
                        __local int *scratch) {
  size_t lid = get_local_id(0);
  size_t size = get_local_size(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t stride = size / 2; stride > 0; stride /= 2) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}

// Racy: work-item i reads element i+1, which work-item i+1 writes.
__kernel void shift_left(__global int *data, uint n) {
  size_t i = get_global_id(0);
  if (i + 1 < n)
    data[i] = data[i + 1];
}
