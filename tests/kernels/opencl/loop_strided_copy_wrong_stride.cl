//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on out\[
// The stride is the group size, not the global size: groups overlap.
__kernel void loop_strided_copy_wrong_stride(__global const int *in, __global int *out, int n) {
  for (int i = get_global_id(0); i < n; i += get_local_size(0))
    out[i] = in[i] + 1;
}
