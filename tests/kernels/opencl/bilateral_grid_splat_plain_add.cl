//xfail:NOT_ALL_VERIFIED
//--local_size=16,16 --num_groups=2,2 -DGRID_W=32 -DGRID_H=32 -DGRID_D=16
//possible (read|write)-(read|write) race on sums
// The splat accumulates with a plain read-modify-write instead of atomics.
__constant sampler_t nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void grid_splat(read_only image2d_t luma, __global int *weights,
                         __global int *sums, int spatial_step) {
  const int x = get_global_id(0), y = get_global_id(1);
  const float v = read_imagef(luma, nearest, (int2)(x, y)).x;
  const int gz = clamp((int)(v * (GRID_D - 1)), 0, GRID_D - 1);
  const int cell = (gz * GRID_H + min(y / spatial_step, GRID_H - 1)) * GRID_W +
                   min(x / spatial_step, GRID_W - 1);
  atomic_inc(&weights[cell]);
  sums[cell] += convert_int_sat_rte(v * 255.0f);
}
