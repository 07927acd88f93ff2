//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4
//asynchronous copy may be reached non-uniformly / with different arguments
// The copy is issued by the whole group, but only some work items wait for
// it: wait_group_events is collective too.
__kernel void lazy_wait(__global const uint *in, __global uint *out, __local uint *tile) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * get_local_size(0);
  event_t e = async_work_group_copy(tile, in + base, get_local_size(0), 0);
  if (in[base + lid] != 0u)
    wait_group_events(1, &e);
  out[base + lid] = lid;
}
