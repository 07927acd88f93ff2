//pass
//--local_size=64 --num_groups=4
// The race-free twin of async_wait_not_barrier.cl: a barrier orders the
// partial sums; the wait orders the copied tile.
#define TILE 64

__kernel void smooth(__global const float *in, __global float *out, __local float *tile,
                     __local float *partial) {
  size_t lid = get_local_id(0);
  size_t gid = get_global_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * TILE, TILE, 0);
  partial[lid] = 0.5f * (float)lid;
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = tile[lid] + tile[(lid + 1) % TILE] + partial[(lid + 1) % TILE];
}
