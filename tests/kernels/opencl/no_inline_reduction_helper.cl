//pass
//--local_size=64 --num_groups=2 --no-inline
// A tree reduction in a helper with a loop and a barrier, called by the
// whole group: the helper is entered by both threads together, so its
// loop and barrier are uniform code. Its postcondition says the barrier
// at the end of the last iteration cleared the log.
void reduce_tile(__local int *t) {
  __requires(__ptr_offset_bytes(t) == 0);
  __requires(__no_read(t));
  __requires(__no_write(t));
  __ensures(__no_read(t) && __no_write(t));
  for (int s = 32; s > 0; s >>= 1) {
    if (get_local_id(0) < s) t[get_local_id(0)] += t[get_local_id(0) + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
__kernel void no_inline_reduction_helper(__global int *a, __global int *b, __local int *tile) {
  tile[get_local_id(0)] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  reduce_tile(tile);
  if (get_local_id(0) == 0) b[get_group_id(0)] = tile[0];
}
