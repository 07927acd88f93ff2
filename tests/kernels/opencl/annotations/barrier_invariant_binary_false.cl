//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//this assertion might not hold
// barrier_invariant_binary.cl with a strict order, which equal inputs
// break: the invariant fails before the barrier.
#define N 64

__kernel void sort_pairs(__global const int *in, __global int *gaps) {
  __local int s[2 * N];
  unsigned t = get_local_id(0);
  unsigned g = get_global_id(0);
  int a = in[2 * g], b = in[2 * g + 1];
  s[2 * t] = min(a, b);
  s[2 * t + 1] = max(a, b);
  __barrier_invariant_binary_1(
      s[get_local_id(0)] < s[__other_int(get_local_id(0))], 2 * t, 2 * t + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  gaps[g] = s[2 * t + 1] - s[2 * t];
}
