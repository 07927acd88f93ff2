//pass
//--local_size=64 --num_groups=4 --kernel-arrays=bounds_kernel_array_fits,256,256 --check-array-bounds --global_offset=0
// Both arrays have one element per work item.
__kernel void bounds_kernel_array_fits(__global const int *in, __global int *out) {
  int gid = get_global_id(0);
  out[gid] = in[gid];
}
