//xfail:FRONTEND_ERROR
//--local_size=16,16 --num_groups=4,4 -DIMG_W=64 -DIMG_H=64 -DRADIUS=2 -DTILE_W=16 -DTILE_H=16 -DHIST_BINS=256 --cl-std=CL2.0
//Verified: .*kernel `box_blur`
//Verified: .*kernel `gaussian_rows_local`
//Verified: .*kernel `gaussian_cols_local`
//Verified: .*kernel `rgba_to_gray`
//Verified: .*kernel `histogram_local`
//Verified: .*kernel `histogram_merge`
//Verified: .*kernel `bilateral_splat`
//Verified: .*kernel `demosaic_rggb`
//Verified: .*kernel `erode3x3`
//Verified: .*kernel `unpremultiply_in_place`
//filters\.cl:[0-9]+: error: unsupported: the OpenCL `write_only pipe` argument `stats` \(OpenCL 2.0 pipes \(`read_pipe`, `write_pipe`, `reserve_\*`\) are not modelled; only this kernel is refused, the file's other kernels are verified\) \(in `luma_stats_to_pipe`\)
// imgproc filter library: the kernels one .cl file of an image-processing
// library ships, configured with -D, helpers in common.h beside it. The
// last kernel streams statistics through an OpenCL 2.0 pipe, which is
// refused alone; every other filter is verified.
#include "common.h"

#define GROUP_PIXELS (TILE_W * TILE_H)

// Box blur on images, through the clamp-to-edge sampler.
__kernel void box_blur(read_only image2d_t src, write_only image2d_t dst) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 sum = (float4)(0.0f);
  for (int dy = -RADIUS; dy <= RADIUS; ++dy)
    for (int dx = -RADIUS; dx <= RADIUS; ++dx)
      sum += read_imagef(src, nearest_clamp, p + (int2)(dx, dy));
  const float norm = 1.0f / (float)((2 * RADIUS + 1) * (2 * RADIUS + 1));
  write_imagef(dst, p, sum * norm);
}

// Separable Gaussian, horizontal pass: each group loads its rows plus a
// RADIUS halo on both sides into a __local tile.
__kernel void gaussian_rows_local(__global const float4 *in, __global float4 *out,
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
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 acc = (float4)(0.0f);
  for (int k = -RADIUS; k <= RADIUS; ++k)
    acc += weights[k + RADIUS] * tile[ly][lx + RADIUS + k];
  out[PIXEL_INDEX(x, y, IMG_W)] = acc;
}

// Vertical pass, the tile transposed: halo rows above and below.
__kernel void gaussian_cols_local(__global const float4 *in, __global float4 *out,
                                  __constant float *weights) {
  __local float4 tile[TILE_H + 2 * RADIUS][TILE_W];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int x = get_global_id(0), y = get_global_id(1);
  tile[ly + RADIUS][lx] = in[PIXEL_INDEX(x, y, IMG_W)];
  if (ly < RADIUS) {
    tile[ly][lx] = in[PIXEL_INDEX(x, clamp_int(y - RADIUS, 0, IMG_H - 1), IMG_W)];
    tile[ly + TILE_H + RADIUS][lx] =
        in[PIXEL_INDEX(x, clamp_int(y + TILE_H, 0, IMG_H - 1), IMG_W)];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 acc = (float4)(0.0f);
  for (int k = -RADIUS; k <= RADIUS; ++k)
    acc += weights[k + RADIUS] * tile[ly + RADIUS + k][lx];
  out[PIXEL_INDEX(x, y, IMG_W)] = acc;
}

// Interleaved RGBA8 to 8-bit luma, one pixel per work-item.
__kernel void rgba_to_gray(__global const uchar *rgba, __global uchar *gray) {
  const int i = PIXEL_INDEX(get_global_id(0), get_global_id(1), IMG_W);
  const uchar4 px = vload4(i, rgba);
  const float4 f = convert_float4(px);
  const uchar4 g = convert_uchar4_sat((float4)(luma709(f)));
  gray[i] = g.x;
}

// 256-bin luma histogram: per-group sub-histogram in __local memory with
// local atomics, then one partial histogram per group in global memory.
__kernel void histogram_local(__global const uchar4 *img, __global uint *partial) {
  __local uint bins[HIST_BINS];
  const int lid = get_local_id(1) * TILE_W + get_local_id(0);
  const int group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
  for (int b = lid; b < HIST_BINS; b += GROUP_PIXELS)
    bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  const uchar l = luma_u8(img[PIXEL_INDEX(get_global_id(0), get_global_id(1), IMG_W)]);
  atomic_inc(&bins[l]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = lid; b < HIST_BINS; b += GROUP_PIXELS)
    partial[group * HIST_BINS + b] = bins[b];
}

// Merge: work-item (bin) of the first HIST_BINS sums every group's count.
__kernel void histogram_merge(__global const uint *partial, __global uint *hist, int groups) {
  const int bin = get_global_id(1) * IMG_W + get_global_id(0);
  if (bin < HIST_BINS) {
    uint total = 0;
    for (int g = 0; g < groups; ++g)
      total += partial[g * HIST_BINS + bin];
    hist[bin] = total;
  }
}

// Bilateral grid splat: every pixel adds its value and a count to the cell
// of its (x, y, luma) in a coarse 3-D grid, with global atomics.
#define GRID_XY 8
#define GRID_Z 16
__kernel void bilateral_splat(read_only image2d_t src, __global int *grid) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const float4 c = read_imagef(src, nearest_clamp, p);
  const int gz = clamp_int((int)(luma709(c) * (GRID_Z - 1)), 0, GRID_Z - 1);
  const int cell = ((gz * (IMG_H / GRID_XY) + p.y / GRID_XY) * (IMG_W / GRID_XY) + p.x / GRID_XY);
  atomic_add(&grid[2 * cell], (int)(luma709(c) * 255.0f));
  atomic_add(&grid[2 * cell + 1], 1);
}

// Bilinear demosaic of an RGGB Bayer mosaic: one work-item per 2x2 quad,
// reading the mosaic at integer coordinates and writing four pixels.
__kernel void demosaic_rggb(read_only image2d_t bayer, write_only image2d_t rgb) {
  const int2 q = (int2)(get_global_id(0), get_global_id(1)) * 2;
  const float r = read_imagef(bayer, q).x;
  const float g0 = read_imagef(bayer, q + (int2)(1, 0)).x;
  const float g1 = read_imagef(bayer, q + (int2)(0, 1)).x;
  const float b = read_imagef(bayer, q + (int2)(1, 1)).x;
  const float g = 0.5f * (g0 + g1);
  write_imagef(rgb, q, (float4)(r, g, b, 1.0f));
  write_imagef(rgb, q + (int2)(1, 0), (float4)(r, g0, b, 1.0f));
  write_imagef(rgb, q + (int2)(0, 1), (float4)(r, g1, b, 1.0f));
  write_imagef(rgb, q + (int2)(1, 1), (float4)(r, g, b, 1.0f));
}

// Morphological erosion with a 3x3 square, integer coordinates clamped by
// hand (no sampler), as mask kernels do.
__kernel void erode3x3(read_only image2d_t mask, write_only image2d_t out) {
  const int x = get_global_id(0), y = get_global_id(1);
  const int w = get_image_width(mask), h = get_image_height(mask);
  float m = 1.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      m = fmin(m, read_imagef(mask, (int2)(clamp_int(x + dx, 0, w - 1), clamp_int(y + dy, 0, h - 1))).x);
  write_imagef(out, (int2)(x, y), (float4)(m, m, m, 1.0f));
}

// In-place on an OpenCL 2.0 read_write image: each pixel is its own.
__kernel void unpremultiply_in_place(read_write image2d_t img) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(img, p, unpremultiply(read_imagef(img, p)));
}

// Streams per-group luma sums to a consumer kernel through a pipe.
__kernel void luma_stats_to_pipe(read_only image2d_t src, __write_only pipe float stats) {
  __local float sum;
  if (get_local_id(0) == 0 && get_local_id(1) == 0)
    sum = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  const float l = work_group_reduce_add(luma709(read_imagef(src, nearest_clamp, (int2)(get_global_id(0), get_global_id(1)))));
  if (get_local_id(0) == 0 && get_local_id(1) == 0)
    write_pipe(stats, &l);
}
