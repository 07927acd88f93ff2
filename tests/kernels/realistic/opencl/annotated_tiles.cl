//pass
//--local_size=[16,16] --num_groups=[8,8] -DTILE=16
// Tiled kernels with GPUVerify annotations: a matrix transpose through a
// padded local tile, a row convolution whose tile carries a halo, and an
// n-body force loop over tiles of positions. Sizes are fixed by
// __requires on the scalar arguments, as annotated code does.
#ifndef TILE
#define TILE 16
#endif
#define RADIUS 4

__kernel void transpose_tiled(__global float *odata, __global const float *idata,
                              int width, int height) {
  __local float tile[TILE][TILE + 1];
  __requires(width == TILE * get_num_groups(0));
  __requires(height == TILE * get_num_groups(1));
  int bx = get_group_id(0), by = get_group_id(1);
  int tx = get_local_id(0), ty = get_local_id(1);
  tile[ty][tx] = idata[(by * TILE + ty) * width + bx * TILE + tx];
  barrier(CLK_LOCAL_MEM_FENCE);
  odata[(bx * TILE + ty) * height + by * TILE + tx] = tile[tx][ty];
}

__kernel void convolve_rows(__global float *dst, __global const float *src,
                            __constant float *taps, int width) {
  __local float row[TILE][TILE + 2 * RADIUS];
  __requires(width == TILE * get_num_groups(0));
  int tx = get_local_id(0), ty = get_local_id(1);
  int x = get_global_id(0), y = get_global_id(1);
  for (int j = tx;
       __invariant(j % TILE == tx),
       __invariant(__write_implies(row, __write_offset_bytes(row) / sizeof(float) % (TILE + 2 * RADIUS) % TILE == tx | __write_offset_bytes(row) / sizeof(float) % (TILE + 2 * RADIUS) >= TILE)),
       j < TILE + 2 * RADIUS; j += TILE) {
    int sx = get_group_id(0) * TILE + j - RADIUS;
    row[ty][j] = (sx >= 0 && sx < width) ? src[y * width + sx] : 0.0f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int k = -RADIUS; __invariant(k >= -RADIUS), k <= RADIUS; k++)
    sum += taps[RADIUS + k] * row[ty][tx + RADIUS + k];
  dst[y * width + x] = sum;
}

__kernel void nbody_forces(__global const float4 *pos, __global float4 *acc,
                           int ntiles) {
  __local float4 shpos[TILE * TILE];
  __requires(ntiles > 0);
  int lid = get_local_id(1) * TILE + get_local_id(0);
  int gid = (get_group_id(1) * get_num_groups(0) + get_group_id(0)) * TILE * TILE + lid;
  float4 me = pos[gid];
  float4 a = (float4)(0.0f);
  for (int t = 0; __global_invariant(t >= 0), t < ntiles; t++) {
    shpos[lid] = pos[t * TILE * TILE + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; __invariant(j >= 0), __invariant(__no_write(shpos)), j < TILE * TILE; j++) {
      float4 d = shpos[j] - me;
      float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 0.01f;
      a += d * (shpos[j].w * native_rsqrt(r2 * r2 * r2));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  acc[gid] = a;
}
