//pass
//--local_size=16,16 --num_groups=2,2 -DGRID_W=32 -DGRID_H=32 -DGRID_D=16
// Bilateral grid construction: every pixel splats its intensity into a
// (x/s, y/s, intensity) cell with atomics; a second kernel normalises.
__constant sampler_t nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

inline int cell_index(int gx, int gy, int gz) {
  return (gz * GRID_H + gy) * GRID_W + gx;
}

__kernel void grid_splat(read_only image2d_t luma, __global volatile int *weights,
                         __global volatile int *sums, int spatial_step) {
  const int x = get_global_id(0), y = get_global_id(1);
  const float v = read_imagef(luma, nearest, (int2)(x, y)).x;
  const int gz = clamp((int)(v * (GRID_D - 1)), 0, GRID_D - 1);
  const int cell = cell_index(min(x / spatial_step, GRID_W - 1),
                              min(y / spatial_step, GRID_H - 1), gz);
  atomic_inc(&weights[cell]);
  atomic_add(&sums[cell], convert_int_sat_rte(v * 255.0f));
}

__kernel void grid_normalise(__global const int *weights, __global const int *sums,
                             __global float *grid) {
  const int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
  const int w = weights[i];
  grid[i] = w > 0 ? (float)sums[i] / (float)w : 0.0f;
}
