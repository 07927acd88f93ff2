//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//asynchronous copy may be reached non-uniformly / with different arguments
// Every work item reaches the copy, but with its own destination: odd and
// even work items pass different `dst` (the arguments of a collective
// operation must be the same in the whole group).
__kernel void split_prefetch(__global const int *in, __global int *out,
                             __local int *tile) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * 64;
  event_t e = async_work_group_copy(tile + (lid & 1) * 64, in + base, 64, 0);
  wait_group_events(1, &e);
  out[base + lid] = tile[lid];
}
