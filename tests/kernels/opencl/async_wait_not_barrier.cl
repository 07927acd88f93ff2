//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-read race on partial
// wait_group_events completes the copy and nothing else: it is not a
// barrier, so the partial sums written before it are not ordered with the
// neighbour's read after it.
#define TILE 64

__kernel void smooth(__global const float *in, __global float *out, __local float *tile,
                     __local float *partial) {
  size_t lid = get_local_id(0);
  size_t gid = get_global_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * TILE, TILE, 0);
  partial[lid] = 0.5f * (float)lid;
  wait_group_events(1, &e);
  out[gid] = tile[lid] + partial[(lid + 1) % TILE];
}
