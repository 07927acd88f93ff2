//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --kernel-arrays=bounds_kernel_array_sized,256,128 --check-array-bounds --global_offset=0
//possible array out-of-bounds access on out\[\.\.\]
// `out` has 128 elements by --kernel-arrays, but 256 work items write it;
// `in` has 256 and is read in bounds.
__kernel void bounds_kernel_array_sized(__global const int *in, __global int *out) {
  int gid = get_global_id(0);
  out[gid] = in[gid];
}
