//xfail:NOT_ALL_VERIFIED
//--local_size=16,16 --num_groups=1,1 --cl-std=CL2.0
//possible read-write race on histogram\[
// An image fence orders image memory only: the shift of the global
// histogram buffer after barrier(CLK_IMAGE_MEM_FENCE) races.
#include "include/pixel_ops.h"

__kernel void shift_histogram(read_write image2d_t img, __global uint *histogram) {
  const int lid = get_local_id(0) + 16 * get_local_id(1);
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 px = read_imagef(img, p);
  uint prev = histogram[lid == 0 ? 255 : lid - 1];
  barrier(CLK_IMAGE_MEM_FENCE);
  histogram[lid] = prev;
  write_imagef(img, p, px * 0.5f);
}
