//pass
//--local_size=128 --num_groups=256 --kernel-args=BlackScholes,*,*,4000000
// Black-Scholes, one option per work-item in a global-size-strided loop,
// the normal CDF in a helper function.
#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

float CND(float d) {
  float K = 1.0f / (1.0f + 0.2316419f * fabs(d));
  float cnd = RSQRT2PI * exp(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}

void BlackScholesBody(__global float *call, __global float *put, float S, float X, float T, float R, float V) {
  float sqrtT = sqrt(T);
  float d1 = (log(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float CNDD1 = CND(d1);
  float CNDD2 = CND(d2);
  float expRT = exp(-R * T);
  *call = (S * CNDD1 - X * expRT * CNDD2);
  *put = (X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1));
}

__kernel void BlackScholes(__global float *d_Call, __global float *d_Put, __global const float *d_S,
                           __global const float *d_X, __global const float *d_T, float R, float V, unsigned int optN) {
  for (unsigned int opt = get_global_id(0); opt < optN; opt += get_global_size(0))
    BlackScholesBody(&d_Call[opt], &d_Put[opt], d_S[opt], d_X[opt], d_T[opt], R, V);
}

__kernel void BlackScholesVec(__global float4 *call, __global float4 *put, __global const float4 *S,
                              __global const float4 *X, __global const float4 *T, float R, float V) {
  size_t i = get_global_id(0);
  float4 sqrtT = sqrt(T[i]);
  float4 d1 = (log(S[i] / X[i]) + (R + 0.5f * V * V) * T[i]) / (V * sqrtT);
  float4 d2 = d1 - V * sqrtT;
  float4 k1 = 1.0f / (1.0f + 0.2316419f * fabs(d1));
  float4 k2 = 1.0f / (1.0f + 0.2316419f * fabs(d2));
  float4 n1 = 1.0f - RSQRT2PI * exp(-0.5f * d1 * d1) * k1 * (A1 + k1 * (A2 + k1 * (A3 + k1 * (A4 + k1 * A5))));
  float4 n2 = 1.0f - RSQRT2PI * exp(-0.5f * d2 * d2) * k2 * (A1 + k2 * (A2 + k2 * (A3 + k2 * (A4 + k2 * A5))));
  float4 e = exp(-R * T[i]);
  call[i] = S[i] * n1 - X[i] * e * n2;
  put[i] = X[i] * e * (1.0f - n2) - S[i] * (1.0f - n1);
}
