//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible read-write race on ta\[
// As async_copy_event_chain_loop.cl without the barriers that end each
// iteration: the next copy overwrites a tile other work-items still read.
#define TILE 64
__kernel void tiled_dot(__global const float *a, __global const float *b,
                        __global float *partial, __local float *ta, __local float *tb,
                        int tiles) {
  const int lid = get_local_id(0);
  const size_t base = get_group_id(0) * (size_t)tiles * TILE;
  event_t ev = 0;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    ev = async_work_group_copy(ta, a + base + t * TILE, TILE, ev);
    ev = async_work_group_copy(tb, b + base + t * TILE, TILE, ev);
    wait_group_events(1, &ev);
    acc += ta[lid] * tb[lid];
  }
  partial[get_global_id(0)] = acc;
}

__kernel void strided_columns(__global const float4 *img, __global float4 *out,
                              __local float4 *col, int width, int rows) {
  const int lid = get_local_id(0);
  event_t ev = async_work_group_strided_copy(col, img + get_group_id(0), rows, width, 0);
  for (int r = 0; r < 4; ++r) {
    wait_group_events(1, &ev);
    float4 v = col[lid];
    ev = async_work_group_strided_copy(col, img + get_group_id(0) + r, rows, width, ev);
    out[get_global_id(0) * 4 + r] = v;
  }
  wait_group_events(1, &ev);
}

__kernel void ping_pong(__global const int *in, __global int *out, __local int *buf, int tiles) {
  const int lid = get_local_id(0);
  __global const int *src = in + get_group_id(0) * tiles * TILE;
  event_t ev = async_work_group_copy(buf, src, TILE, 0);
  int acc = 0;
  for (int t = 0; t < tiles; ++t) {
    __local int *cur = buf + (t & 1) * TILE;
    __local int *nxt = buf + ((t + 1) & 1) * TILE;
    wait_group_events(1, &ev);
    if (t + 1 < tiles)
      ev = async_work_group_copy(nxt, src + (t + 1) * TILE, TILE, ev);
    acc += cur[lid];
  }
  out[get_global_id(0)] = acc;
}
