//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8] -DTILE=16
//annotated_tiles_racy.cl \(kernel `transpose_tiled`\): \d+ possible defect
//annotated_tiles_racy.cl \(kernel `convolve_rows`\): \d+ possible defect
//annotated_tiles_racy.cl \(kernel `nbody_forces`\): \d+ possible defect
// annotated_tiles.cl with one bug each: the transpose reads the tile
// without the barrier, the convolution's halo loop steps by TILE - 1 (two
// work items load one column), the n-body loop drops the barrier that
// protects the tile before it is reloaded.
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
  odata[(bx * TILE + ty) * height + by * TILE + tx] = tile[tx][ty];
}

__kernel void convolve_rows(__global float *dst, __global const float *src,
                            __constant float *taps, int width) {
  __local float row[TILE][TILE + 2 * RADIUS];
  __requires(width == TILE * get_num_groups(0));
  int tx = get_local_id(0), ty = get_local_id(1);
  int x = get_global_id(0), y = get_global_id(1);
  for (int j = tx;
       __invariant(j >= tx),
       j < TILE + 2 * RADIUS; j += TILE - 1) {
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
  }
  acc[gid] = a;
}
