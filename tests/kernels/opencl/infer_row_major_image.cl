//pass
//--local_size=[16,16] --num_groups=[8,8]
// Per-pixel image kernels the way OpenCL samples write them: the image size
// comes in as kernel arguments and every work item guards its pixel with
// `if (x < width && y < height)`. Distinct pixels have distinct row-major
// indices y * width + x only if the sum does not wrap around 2^32; the
// verifier assumes that for sums whose column is inside the row (printed:
// "row-major indices ... do not wrap around"). Racy twin:
// infer_row_major_image_racy.cl.

__kernel void threshold(__global uchar *dst, __global const uchar *src, int width, int height,
                        uchar level) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x < width && y < height) {
    uchar v = src[y * width + x];
    dst[y * width + x] = v > level ? (uchar)255 : (uchar)0;
  }
}

__kernel void brighten_in_place(__global float *img, int width, int height, float gain) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x >= width || y >= height)
    return;
  int idx = y * width + x;
  img[idx] = img[idx] * gain;
}
