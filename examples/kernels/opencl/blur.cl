//pass
//--local_size=[16,16] --num_groups=[8,8] -D WIDTH=128 -D HEIGHT=128
// 3x3 box blur of a grey image stored row-major in a buffer: each work
// item reads its neighbourhood (clamped at the border) and writes its
// own output pixel.
__kernel void blur(__global const float *src, __global float *dst) {
  int x = get_global_id(0), y = get_global_id(1);
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; dy++) {
    for (int dx = -1; dx <= 1; dx++) {
      int sx = clamp(x + dx, 0, WIDTH - 1);
      int sy = clamp(y + dy, 0, HEIGHT - 1);
      sum += src[sy * WIDTH + sx];
    }
  }
  dst[y * WIDTH + x] = sum / 9.0f;
}
