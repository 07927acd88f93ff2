//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --no-inline
//barrier may be reached by non-uniform control flow
// The helper synchronises; only half of the group calls it.
void publish(__local int *t, int i) {
  __requires(i == get_local_id(0));
  __requires(__ptr_offset_bytes(t) == 0);
  __requires(__no_write(t));
  __requires(__no_read(t));
  t[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void no_inline_divergent_barrier(__global int *a, __local int *tile) {
  if (get_local_id(0) < 32) {
    publish(tile, get_local_id(0));
  }
  a[get_local_id(0)] = 0;
}
