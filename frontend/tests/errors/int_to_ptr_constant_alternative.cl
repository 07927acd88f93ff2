// expect: 4 one of the values the integer may take is not computed from a pointer
// The rebuilt pointer is either inside `buf` or the fixed address 0x100:
// the second names no object, so the cast is refused (not assumed inside
// `buf`).
__kernel void int_to_ptr_constant_alternative(__global float *buf, int use_fixed) {
  size_t addr = use_fixed ? (size_t)0x100 : (size_t)buf;
  __global float *p = (__global float *)addr;
  p[get_global_id(0)] = 1.0f;
}
