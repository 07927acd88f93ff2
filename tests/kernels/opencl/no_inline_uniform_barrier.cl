//pass
//--local_size=64 --num_groups=2 --no-inline
// The helper synchronises and every work item calls it: its barrier
// orders the writes before it and the neighbour's read after it.
int publish(__local int *t, int i) {
  __requires(i == get_local_id(0));
  __requires(__ptr_offset_bytes(t) == 0);
  __requires(__no_write(t));
  __requires(__no_read(t));
  t[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  return t[(i + 1) % 64];
}

__kernel void no_inline_uniform_barrier(__global int *a, __local int *tile) {
  a[get_global_id(0)] = publish(tile, get_local_id(0));
}
