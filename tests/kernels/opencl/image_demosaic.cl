//pass
//--local_size=8,8 --num_groups=4,4
// Bilinear demosaic of an RGGB Bayer mosaic: each work-item reads its 3x3
// neighbourhood and writes one RGBA pixel.
__constant sampler_t bayer_sampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

static inline float raw_at(read_only image2d_t raw, int x, int y) {
  return read_imagef(raw, bayer_sampler, (int2)(x, y)).x;
}

__kernel void demosaic_rggb(read_only image2d_t raw, write_only image2d_t rgb) {
  const int x = get_global_id(0), y = get_global_id(1);
  float c = raw_at(raw, x, y);
  float cross_avg = 0.25f * (raw_at(raw, x - 1, y) + raw_at(raw, x + 1, y) +
                             raw_at(raw, x, y - 1) + raw_at(raw, x, y + 1));
  float diag_avg = 0.25f * (raw_at(raw, x - 1, y - 1) + raw_at(raw, x + 1, y - 1) +
                            raw_at(raw, x - 1, y + 1) + raw_at(raw, x + 1, y + 1));
  float4 out;
  const int red_row = (y & 1) == 0, red_col = (x & 1) == 0;
  if (red_row && red_col)
    out = (float4)(c, cross_avg, diag_avg, 1.0f);
  else if (!red_row && !red_col)
    out = (float4)(diag_avg, cross_avg, c, 1.0f);
  else
    out = (float4)(cross_avg, c, cross_avg, 1.0f);
  write_imagef(rgb, (int2)(x, y), out);
}
