//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1 --check-array-bounds
//possible array out-of-bounds access on acc\[\.\.\]
// `<=` instead of `<`: the last iteration writes acc[8] of a private
// array of 8.
__kernel void bounds_loop_off_by_one(__global int *out) {
  int acc[8];
  for (int i = 0; i <= 8; i++) {
    acc[i] = i * (int)get_local_id(0);
  }
  out[get_global_id(0)] = acc[3];
}
