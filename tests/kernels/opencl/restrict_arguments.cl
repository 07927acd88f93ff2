//pass
//--local_size=64 --num_groups=2
__kernel void restrict_arguments(__global const int *restrict in, __global int *restrict out) {
  out[get_global_id(0)] = in[get_global_id(0)] + 1;
}
