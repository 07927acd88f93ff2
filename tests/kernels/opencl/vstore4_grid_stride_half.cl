//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on out\[
// Twin of vstore4_grid_stride.cl: striding by half the grid, work items
// g and g + 128 store the same float4.

__kernel void scale4_half_stride(__global float *out, __global const float *in, int n4, float k) {
  for (int i = get_global_id(0); i < n4; i += get_global_size(0) / 2) {
    float4 v = vload4(i, in);
    vstore4(v * k, i, out);
  }
}
