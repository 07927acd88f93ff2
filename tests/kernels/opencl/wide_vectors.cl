//pass
//--local_size=64 --num_groups=16
// Vectors wider than 16 bytes (float16, double8, long8, uchar16 through
// convert_, int16 through select) as SDK and crypto code writes them:
// each work item owns one vector element or one vload16 chunk.

__kernel void scale_rows(__global float16 *rows, float gain, float16 bias) {
  size_t i = get_global_id(0);
  float16 r = rows[i];
  rows[i] = r * gain + bias;
}

__kernel void chunk_sum(__global double *sums, __global const double16 *in) {
  size_t i = get_global_id(0);
  double16 v = in[i];
  double8 h = v.hi + v.lo;
  double4 q = h.hi + h.lo;
  sums[i] = q.x + q.y + q.z + q.w;
}

__kernel void to_bytes(__global uchar16 *out, __global const float16 *in) {
  size_t i = get_global_id(0);
  out[i] = convert_uchar16_sat(in[i] * 255.0f);
}

__kernel void clamp_pairs(__global int16 *lo, __global const int16 *a, __global const int16 *b) {
  size_t i = get_global_id(0);
  int16 x = a[i], y = b[i];
  lo[i] = select(x, y, y < x);
}

__kernel void double_floats(__global float *data) {
  size_t i = get_global_id(0);
  float16 v = vload16(i, data);
  vstore16(v + v, i, data);
}

__kernel void mix_words(__global ulong8 *state, uint rounds) {
  size_t i = get_global_id(0);
  ulong8 s = state[i];
  for (uint r = 0; r < rounds; r++) {
    s.s0 += s.s7;
    s = s ^ (s << 3);
  }
  state[i] = s;
}
