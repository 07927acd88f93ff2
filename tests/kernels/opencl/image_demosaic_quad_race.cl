//xfail:NOT_ALL_VERIFIED
//--local_size=8,8 --num_groups=4,4
//possible write-write race on rgb\(
// Each work-item writes its whole 2x2 Bayer quad, but one work-item is
// launched per pixel, so neighbours write the same pixels.
__kernel void demosaic_quads(read_only image2d_t raw, write_only image2d_t rgb) {
  const int x = get_global_id(0), y = get_global_id(1);
  const int qx = x & ~1, qy = y & ~1;
  float r = read_imagef(raw, (int2)(qx, qy)).x;
  float g = read_imagef(raw, (int2)(qx + 1, qy)).x;
  float b = read_imagef(raw, (int2)(qx + 1, qy + 1)).x;
  float4 px = (float4)(r, g, b, (float)x);
  write_imagef(rgb, (int2)(qx, qy), px);
  write_imagef(rgb, (int2)(qx + 1, qy), px);
  write_imagef(rgb, (int2)(qx, qy + 1), px);
  write_imagef(rgb, (int2)(qx + 1, qy + 1), px);
}
