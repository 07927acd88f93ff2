//pass
//--local_size=256 --num_groups=4 --no-infer --k-induction-depth=1
// A work-group tree reduction proved without any loop invariant (inference
// off): one assumed iteration bounds the stride (it was halved), which is
// what the race check of the next one needs. tree_reduction_no_invariants.cl
// is the same kernel without k-induction: not verified.
#define GROUP 256

__kernel void sum_groups(__global const float *in, __global float *sums) {
  __local float partial[GROUP];
  unsigned t = get_local_id(0);
  partial[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      partial[t] += partial[t + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0)
    sums[get_group_id(0)] = partial[0];
}

// The same loop with a doubling mask (the other common spelling).
__kernel void sum_groups_interleaved(__global const float *in, __global float *sums) {
  __local float partial[GROUP];
  unsigned t = get_local_id(0);
  partial[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = 1; s < GROUP; s *= 2) {
    if (t % (2 * s) == 0)
      partial[t] += partial[t + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0)
    sums[get_group_id(0)] = partial[0];
}
