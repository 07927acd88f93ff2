// expect: 4 a `float8` value passed to or returned by `blend`
// Wide vectors verify in expressions, memory accesses, vload/vstore and
// library calls; a helper function taking one is refused, named in OpenCL
// terms (not LLVM's `<8 x float>`).
float8 blend(float8 a, float8 b, float t) { return a + (b - a) * t; }

__kernel void wide(__global float8 *in, __global float8 *out) {
  size_t i = get_global_id(0);
  out[i] = blend(in[i], out[i], 0.5f);
}
