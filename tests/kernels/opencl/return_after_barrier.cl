//pass
//--local_size=64 --num_groups=1
// An early return after the only barrier is harmless.
__kernel void return_after_barrier(__global int *a) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l % 3 == 0) return;
  a[get_global_id(0)] = s[63 - l];
}
