//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
//possible write-read race on img\[|possible read-write race on img\[|possible write-write race on img\[
// Racy twin of infer_row_major_image.cl: the guard lets x reach width, so
// the last column of row y (x == width) is the first pixel of row y + 1,
// which another work item updates in place.

__kernel void brighten_in_place(__global float *img, int width, int height, float gain) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x > width || y >= height)
    return;
  int idx = y * width + x;
  img[idx] = img[idx] * gain;
}
