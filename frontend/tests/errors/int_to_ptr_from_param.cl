// expect: 4 a cast of an integer to a pointer (the integer is not computed from a pointer)
// A pointer made from an integer argument could point anywhere: refused
// (a pointer rebuilt from another pointer's address is modelled).
__kernel void int_to_ptr_from_param(__global float *out, ulong addr) {
  __global float *p = (__global float *)addr;
  p[get_global_id(0)] = out[0];
}
