//xfail:NOT_ALL_VERIFIED
//--local_size=8,8 --num_groups=2,2 --global_offset=*
//possible read-write race on img\[
//work item \(\d+, \d+, 0\) with local id \(\d+, \d+, 0\)
// A 2-D stencil launched with any global offset: the row-major index
// forgets the width, so rows overlap. The report's global ids carry the
// counterexample's x/y offsets and no z offset (a 2-D launch has none).
__kernel void smooth_rows(__global float *img, int width) {
  const size_t x = get_global_id(0), y = get_global_id(1);
  img[y * width + x + 1] = 0.5f * (img[y * width + x] + img[y * width + x + 2]);
}
