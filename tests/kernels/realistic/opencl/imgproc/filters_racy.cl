//xfail:NOT_ALL_VERIFIED
//--local_size=16,16 --num_groups=4,4 -DIMG_W=64 -DIMG_H=64 -DRADIUS=2 -DTILE_W=16 -DTILE_H=16 -DHIST_BINS=256 --cl-std=CL2.0
//Not verified: .*kernel `box_blur_half_res`
//Not verified: .*kernel `gaussian_rows_no_barrier`
//Not verified: .*kernel `rgba_to_gray_vstore`
//Not verified: .*kernel `histogram_plain_increment`
//Not verified: .*kernel `histogram_merge_shared_total`
//Not verified: .*kernel `bilateral_splat_plain_add`
//Not verified: .*kernel `demosaic_unscaled_quad`
//Not verified: .*kernel `erode_in_place`
//Not verified: .*kernel `unpremultiply_with_neighbour`
// The mistakes filter authors make in the kernels of filters.cl, one per
// kernel; each must be reported.
#include "common.h"

// Writes a half-resolution output at the full-resolution position / 2:
// four work-items write each output pixel.
__kernel void box_blur_half_res(read_only image2d_t src, write_only image2d_t dst) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 sum = (float4)(0.0f);
  for (int dy = -RADIUS; dy <= RADIUS; ++dy)
    for (int dx = -RADIUS; dx <= RADIUS; ++dx)
      sum += read_imagef(src, nearest_clamp, p + (int2)(dx, dy));
  write_imagef(dst, p / 2, sum * 0.04f);
}

// The barrier between filling the tile and reading the neighbours is
// missing.
__kernel void gaussian_rows_no_barrier(__global const float4 *in, __global float4 *out,
                                       __constant float *weights) {
  __local float4 tile[TILE_H][TILE_W + 2 * RADIUS];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int x = get_global_id(0), y = get_global_id(1);
  tile[ly][lx + RADIUS] = in[PIXEL_INDEX(x, y, IMG_W)];
  if (lx < RADIUS) {
    tile[ly][lx] = in[PIXEL_INDEX(clamp_int(x - RADIUS, 0, IMG_W - 1), y, IMG_W)];
    tile[ly][lx + TILE_W + RADIUS] =
        in[PIXEL_INDEX(clamp_int(x + TILE_W, 0, IMG_W - 1), y, IMG_W)];
  }
  float4 acc = (float4)(0.0f);
  for (int k = -RADIUS; k <= RADIUS; ++k)
    acc += weights[k + RADIUS] * tile[ly][lx + RADIUS + k];
  out[PIXEL_INDEX(x, y, IMG_W)] = acc;
}

// vstore4 of a whole uchar4 at byte offset i (not 4 * i): neighbours'
// stores overlap.
__kernel void rgba_to_gray_vstore(__global const uchar *rgba, __global uchar *gray) {
  const int i = PIXEL_INDEX(get_global_id(0), get_global_id(1), IMG_W);
  const uchar4 px = vload4(i, rgba);
  vstore4(convert_uchar4_sat((float4)(luma709(convert_float4(px)))), 0, gray + i);
}

// `bins[l]++` instead of atomic_inc.
__kernel void histogram_plain_increment(__global const uchar4 *img, __global uint *partial) {
  __local uint bins[HIST_BINS];
  const int lid = get_local_id(1) * TILE_W + get_local_id(0);
  const int group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
  bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  bins[luma_u8(img[PIXEL_INDEX(get_global_id(0), get_global_id(1), IMG_W)])]++;
  barrier(CLK_LOCAL_MEM_FENCE);
  partial[group * HIST_BINS + lid] = bins[lid];
}

// Every bin's work-item adds into one total.
__kernel void histogram_merge_shared_total(__global const uint *partial, __global uint *hist,
                                           int groups) {
  const int bin = get_global_id(1) * IMG_W + get_global_id(0);
  if (bin < HIST_BINS) {
    uint total = 0;
    for (int g = 0; g < groups; ++g)
      total += partial[g * HIST_BINS + bin];
    hist[bin] = total;
    hist[HIST_BINS] += total;
  }
}

#define GRID_XY 8
// Plain `+=` into the shared grid cell.
__kernel void bilateral_splat_plain_add(read_only image2d_t src, __global int *grid) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const float4 c = read_imagef(src, nearest_clamp, p);
  const int cell = (p.y / GRID_XY) * (IMG_W / GRID_XY) + p.x / GRID_XY;
  grid[2 * cell] += (int)(luma709(c) * 255.0f);
  grid[2 * cell + 1] += 1;
}

// The quad origin is not scaled by 2: neighbouring work-items write the
// same pixels.
__kernel void demosaic_unscaled_quad(read_only image2d_t bayer, write_only image2d_t rgb) {
  const int2 q = (int2)(get_global_id(0), get_global_id(1));
  const float r = read_imagef(bayer, q).x;
  write_imagef(rgb, q, (float4)(r, 0.0f, 0.0f, 1.0f));
  write_imagef(rgb, q + (int2)(1, 0), (float4)(r, 0.0f, 0.0f, 1.0f));
}

// Erosion in place on a read_write image: a neighbour may already have
// written the pixel this work-item reads.
__kernel void erode_in_place(read_write image2d_t mask) {
  const int x = get_global_id(0), y = get_global_id(1);
  float m = 1.0f;
  for (int d = -1; d <= 1; ++d)
    m = fmin(m, read_imagef(mask, (int2)(clamp_int(x + d, 0, IMG_W - 1), y)).x);
  write_imagef(mask, (int2)(x, y), (float4)(m));
}

// Reads the right neighbour of a read_write image it writes in place.
__kernel void unpremultiply_with_neighbour(read_write image2d_t img) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const float4 right = read_imagef(img, p + (int2)(1, 0));
  write_imagef(img, p, unpremultiply(right));
}
