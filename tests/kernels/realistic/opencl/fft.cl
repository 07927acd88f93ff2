//pass
//--local_size=64 --num_groups=256 -DLOG2N=7 --kernel-args=fft_radix2_stage,4
// Radix-2 FFT stages: a global Stockham step launched once per stage by
// the host (ping-pong buffers), and a local-memory FFT of 2 * local_size
// points per work-group.
#define N (1 << LOG2N)

float2 cmul(float2 a, float2 b) { return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

__kernel void fft_radix2_stage(__global const float2 *x, __global float2 *y, const int p) {
  int i = get_global_id(0);
  int t = get_global_size(0);
  int k = i & (p - 1);
  float2 u0 = x[i];
  float2 u1 = x[i + t];
  float angle = -M_PI_F * k / p;
  float2 tw = (float2)(native_cos(angle), native_sin(angle));
  u1 = cmul(u1, tw);
  int j = (i << 1) - k;
  y[j] = u0 + u1;
  y[j + p] = u0 - u1;
}

__kernel void fft_local(__global float2 *data) {
  __local float2 s[N];
  int t = get_local_id(0);
  __global float2 *d = data + get_group_id(0) * N;
  s[t] = d[t];
  s[t + N / 2] = d[t + N / 2];
  for (int hs = 1; hs < N; hs <<= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    int k = t & (hs - 1);
    int i = ((t - k) << 1) + k;
    float angle = -M_PI_F * k / hs;
    float2 w = (float2)(cos(angle), sin(angle));
    float2 a = s[i];
    float2 b = cmul(s[i + hs], w);
    barrier(CLK_LOCAL_MEM_FENCE);
    s[i] = a + b;
    s[i + hs] = a - b;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  d[t] = s[t];
  d[t + N / 2] = s[t + N / 2];
}
