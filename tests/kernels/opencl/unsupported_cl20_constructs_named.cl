//xfail:FRONTEND_ERROR
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//unsupported_cl20_constructs_named\.cl:[0-9]+:[0-9]+: error: unsupported: device-side enqueue \(`get_default_queue`, `enqueue_kernel`: the child kernel and the pointers its block captures are not modelled; only this kernel is refused, the file's other kernels are verified\) \(in `spawn_refinement`\)
//unsupported_cl20_constructs_named\.cl:[0-9]+: error: unsupported: the OpenCL `write_only pipe` argument `out_pipe` \(OpenCL 2.0 pipes \(`read_pipe`, `write_pipe`, `reserve_\*`\) are not modelled; only this kernel is refused, the file's other kernels are verified\) \(in `emit_pipe`\)
//Verified: .*kernel `coarse_pass`
//Verified: .*kernel `accumulate_any`
// An OpenCL 2.0 program as a multigrid code writes it: the coarse pass
// and the address-space query on a generic pointer (`to_local`) verify;
// the kernels using device-side enqueue and a pipe are each refused with a
// message naming the construct and its line, not the LLVM form clang
// compiles it to.
#define CELLS 64

void refine_cell(__global float *grid, int cell) { grid[cell * CELLS + get_global_id(0)] *= 0.5f; }

static void add_to(float *acc, float v) {
  if (to_local(acc))
    atomic_fetch_add((volatile __local atomic_int *)acc, (int)v);
  else
    *acc += v;
}

__kernel void coarse_pass(__global float *grid, __global float *residual) {
  const size_t i = get_global_id(0);
  residual[i] = grid[i] - 0.25f * (grid[i] + 1.0f);
}

__kernel void spawn_refinement(__global float *grid, __global const float *residual) {
  const int cell = get_global_id(0);
  if (residual[cell] > 0.1f)
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(CELLS),
                   ^{ refine_cell(grid, cell); });
}

__kernel void accumulate_any(__global float *out, __local float *scratch) {
  scratch[get_local_id(0)] = 0.0f;
  add_to(&scratch[get_local_id(0)], 1.0f);
  out[get_global_id(0)] = scratch[get_local_id(0)];
}

__kernel void emit_pipe(__global const int *in, __write_only pipe int out_pipe) {
  write_pipe(out_pipe, &in[get_global_id(0)]);
}
