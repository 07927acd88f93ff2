//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=256 --kernel-args=fft_radix2_stage_inplace,4
//race on x
// The Stockham stage run in place (output = input buffer).
__kernel void fft_radix2_stage_inplace(__global float2 *x, const int p) {
  int i = get_global_id(0);
  int t = get_global_size(0);
  int k = i & (p - 1);
  float2 u0 = x[i];
  float2 u1 = x[i + t];
  int j = (i << 1) - k;
  x[j] = u0 + u1;
  x[j + p] = u0 - u1;
}
