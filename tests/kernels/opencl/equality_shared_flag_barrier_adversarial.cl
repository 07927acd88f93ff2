//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --adversarial-abstraction
//barrier may be reached by non-uniform control flow
// equality_shared_flag_barrier under the adversarial abstraction.
__kernel void equality_shared_flag_barrier_adversarial(__global int *a, __global int *in) {
  __local int flag[1];
  int l = get_local_id(0);
  if (l == 0) flag[0] = in[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (flag[0] > 5) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[get_global_id(0)] = l;
}
