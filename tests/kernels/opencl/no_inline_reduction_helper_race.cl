//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//possible read-write race on tile
// no_inline_reduction_helper.cl without the barrier in the helper's loop:
// a thread reads an element another thread updates in the same round.
void reduce_tile(__local int *t) {
  __requires(__ptr_offset_bytes(t) == 0);
  __requires(__no_read(t));
  __requires(__no_write(t));
  __ensures(__no_read(t) && __no_write(t));
  for (int s = 32; s > 0; s >>= 1) {
    if (get_local_id(0) < s) t[get_local_id(0)] += t[get_local_id(0) + s];
  }
}
__kernel void no_inline_reduction_helper_race(__global int *a, __global int *b, __local int *tile) {
  tile[get_local_id(0)] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  reduce_tile(tile);
  if (get_local_id(0) == 0) b[get_group_id(0)] = tile[0];
}
