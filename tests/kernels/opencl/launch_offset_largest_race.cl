//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --global_offset=4294967167
//race on out\[
// Racy twin of launch_offset_largest.cl: work-items i and i + 64 (different
// groups) both write out[i % 64].
__kernel void shifted_copy(__global int *out, __global const int *in) {
  size_t i = get_global_id(0) - get_global_offset(0);
  out[i % 64] = in[i];
}
