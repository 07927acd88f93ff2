//pass
//--local_size=64 --num_groups=1
// A global-only fence suffices when local memory is not touched after
// it.
__kernel void fence_global_local_untouched(__global int *a) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  a[l] = s[l];
  barrier(CLK_GLOBAL_MEM_FENCE);
  a[63 - l] += 1;
}
