//pass
//--local_size=128 --num_groups=64 --kernel-args=tile_scale,* --kernel-args=double_buffer_sum,8
// async_work_group_copy into local memory, as OpenCL samples prefetch
// tiles: a single tile, and a double-buffered loop.
#define TILE 128

__kernel void tile_scale(__global const float *in, __global float *out, float alpha) {
  __local float tile[TILE];
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * TILE, TILE, 0);
  wait_group_events(1, &e);
  int lid = get_local_id(0);
  float v = alpha * tile[(lid + 1) % TILE];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(out + get_group_id(0) * TILE, tile, TILE, 0);
  wait_group_events(1, &e);
}

__kernel void double_buffer_sum(__global const float *in, __global float *out, int tiles) {
  __local float buf[2][TILE];
  int lid = get_local_id(0);
  __global const float *base = in + get_group_id(0) * tiles * TILE;
  event_t e = async_work_group_copy(buf[0], base, TILE, 0);
  float acc = 0.0f;
  for (int t = 0; t < tiles; t++) {
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t + 1 < tiles) e = async_work_group_copy(buf[(t + 1) & 1], base + (t + 1) * TILE, TILE, 0);
    acc += buf[t & 1][lid];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = acc;
}
