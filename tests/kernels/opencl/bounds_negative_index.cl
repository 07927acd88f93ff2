//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1 --check-array-bounds
//possible array out-of-bounds access on s\[\.\.\]
// Work item 0 reads s[-1].
__kernel void bounds_negative_index(__global int *out) {
  __local int s[32];
  int lid = get_local_id(0);
  s[lid] = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = s[lid - 1];
}
