//pass
//--local_size=64 --num_groups=2
__kernel void constant_argument(__constant float *coef, __global float *out) {
  out[get_global_id(0)] = coef[0] * out[get_global_id(0)];
}
