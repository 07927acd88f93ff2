//pass
//--local_size=64 --num_groups=2
// A barrier under a branch on a kernel argument: uniform.
__kernel void uniform_barrier_kernel_arg_if(__global int *a, int n) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  if (n > 4) {
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = s[63 - l];
  }
}
