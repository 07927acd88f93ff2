//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8] -D WIDTH=128 -D HEIGHT=128
//possible (read-write|write-read) race on img
// Blurring in place: a work item overwrites its pixel while its
// neighbours may still read it.
__kernel void blur_racy(__global float *img) {
  int x = get_global_id(0), y = get_global_id(1);
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; dy++) {
    for (int dx = -1; dx <= 1; dx++) {
      int sx = clamp(x + dx, 0, WIDTH - 1);
      int sy = clamp(y + dy, 0, HEIGHT - 1);
      sum += img[sy * WIDTH + sx];
    }
  }
  img[y * WIDTH + x] = sum / 9.0f;
}
