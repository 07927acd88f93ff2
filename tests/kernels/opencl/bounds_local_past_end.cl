//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --check-array-bounds
//bounds_local_past_end\.cl:10:[0-9]+: error: possible array out-of-bounds access on tile\[\.\.\]
// The neighbour read of the last work item runs past the local array.
__kernel void bounds_local_past_end(__global int *out) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[lid + 1];
}
