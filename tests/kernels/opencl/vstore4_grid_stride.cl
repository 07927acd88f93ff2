//pass
//--local_size=64 --num_groups=4
// vload4/vstore4 in a grid-stride loop (each step moves four floats per
// work item): race-free; the twin strides by half the grid.

__kernel void scale4(__global float *out, __global const float *in, int n4, float k) {
  for (int i = get_global_id(0); i < n4; i += get_global_size(0)) {
    float4 v = vload4(i, in);
    vstore4(v * k, i, out);
  }
}
