//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible null pointer access|undefined behaviour reached
// Null pointers into private and local memory, selected per work item.
__kernel void pick_buffer(__global int *out, __local int *scratch, int use_private) {
  int mine[4];
  int lid = get_local_id(0);
  int *p = 0;
  if (use_private && lid < 32)
    p = mine;
  __local int *q = 0;
  if (lid != 3)
    q = &scratch[lid];
  if (use_private)
    p[lid & 3] = lid;
  *q = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[lid];
}
