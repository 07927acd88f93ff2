//pass
//--local_size=64 --num_groups=4
// Block-cyclic copy: each work-item copies every 256th element.
__kernel void loop_strided_copy(__global const int *in, __global int *out, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    out[i] = in[i];
}
