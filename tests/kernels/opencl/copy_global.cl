//pass
//--local_size=64 --num_groups=16
__kernel void copy_global(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  out[i] = in[i];
}
