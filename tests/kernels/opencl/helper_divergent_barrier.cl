//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//barrier may be reached by non-uniform control flow
// A helper that synchronises, called by half of the group.
void sync_store(__local int *t, int i) {
  t[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void helper_divergent_barrier(__global int *a, __local int *tile) {
  int lid = get_local_id(0);
  if (lid < 32) {
    sync_store(tile, lid);
  }
  a[lid] = tile[lid];
}
