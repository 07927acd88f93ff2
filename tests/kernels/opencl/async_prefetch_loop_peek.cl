//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-read race on buf
// The racy twin of async_prefetch_loop.cl: the last work item also reads
// the first element of the next tile, whose copy may still be running.
#define TILE 64

__kernel void row_sums(__global const float *in, __global float *out, __local float *buf,
                       int tiles) {
  size_t lid = get_local_id(0);
  __global const float *row = in + get_group_id(0) * tiles * TILE;
  event_t ev = async_work_group_copy(buf, row, TILE, 0);
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    __local float *cur = buf + (t & 1) * TILE;
    __local float *nxt = buf + ((t + 1) & 1) * TILE;
    wait_group_events(1, &ev);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t + 1 < tiles) {
      ev = async_work_group_copy(nxt, row + (t + 1) * TILE, TILE, 0);
    }
    acc += cur[lid] + (lid + 1 < TILE ? cur[lid + 1] : nxt[0]);
  }
  out[get_global_id(0)] = acc;
}
