// expect: 4 <8 x float>
__kernel void wide(__global float8 *in, __global float8 *out) {
  out[get_global_id(0)] = in[get_global_id(0)] * 2.0f;
}
