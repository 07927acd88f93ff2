//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --cl-std=CL2.0
//possible read-write race on img\(
// The barrier orders global buffers only, not image memory.
__kernel void shift_row(read_write image1d_t img) {
  const int x = get_global_id(0);
  uint4 left = read_imageui(img, x == 0 ? 63 : x - 1);
  barrier(CLK_GLOBAL_MEM_FENCE);
  write_imageui(img, x, left + (uint4)(1));
}
