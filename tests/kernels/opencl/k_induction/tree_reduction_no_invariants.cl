//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4 --no-infer
//possible (write-read|read-write) race on partial
// tree_reduction.cl without --k-induction-depth and without inference: the
// loop is cut with no invariant, the stride is arbitrary, and t + stride
// may wrap around onto another work item's element.
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
