//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4 --no-infer --k-induction-depth=1
//possible read-write race on partial\[0\]
// The race happens only in the eighth iteration (stride 1), far beyond the
// one iteration k-induction checks from the entry: the step case (an
// arbitrary iteration after one assumed one) must find it.
#define GROUP 256

__kernel void sum_groups(__global const float *in, __global float *sums) {
  __local float partial[GROUP];
  unsigned t = get_local_id(0);
  partial[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      partial[t] += partial[t + stride];
    if (stride == 1 && t == 1)
      partial[0] = 0.0f; // work item 0 reads partial[0] in the same round
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0)
    sums[get_group_id(0)] = partial[0];
}
