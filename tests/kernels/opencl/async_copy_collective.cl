//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//asynchronous copy may be reached non-uniformly / with different arguments
// async_work_group_copy is a collective operation: only the first half of
// the work group reaches it here.
#define TILE 64

__kernel void half_group_prefetch(__global const float *in, __global float *out,
                                  __local float *tile) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * TILE;
  event_t e = 0;
  if (lid < TILE / 2)
    e = async_work_group_copy(tile, in + base, TILE, 0);
  wait_group_events(1, &e);
  out[base + lid] = tile[lid] * 0.5f;
}
