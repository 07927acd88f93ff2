//pass
//--blockDim=128 --gridDim=480
// Black-Scholes option pricing: grid-stride loop over options, no shared
// memory (the finance sample's style, float2 pairs of options).
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <math.h>
#define DIV_UP(a, b) (((a) + (b) - 1) / (b))

__device__ inline float cndGPU(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
  float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}

__device__ inline void BlackScholesBodyGPU(float &CallResult, float &PutResult, float S, float X, float T,
                                           float R, float V) {
  float sqrtT = __fdividef(1.0F, rsqrtf(T));
  float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float CNDD1 = cndGPU(d1);
  float CNDD2 = cndGPU(d2);
  float expRT = __expf(-R * T);
  CallResult = S * CNDD1 - X * expRT * CNDD2;
  PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

__launch_bounds__(128) __global__
void BlackScholesGPU(float2 *__restrict d_CallResult, float2 *__restrict d_PutResult,
                     float2 *__restrict d_StockPrice, float2 *__restrict d_OptionStrike,
                     float2 *__restrict d_OptionYears, float Riskfree, float Volatility, int optN) {
  const int opt = blockDim.x * blockIdx.x + threadIdx.x;
  if (opt < (optN / 2)) {
    float callResult1, callResult2;
    float putResult1, putResult2;
    BlackScholesBodyGPU(callResult1, putResult1, d_StockPrice[opt].x, d_OptionStrike[opt].x,
                        d_OptionYears[opt].x, Riskfree, Volatility);
    BlackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y, d_OptionStrike[opt].y,
                        d_OptionYears[opt].y, Riskfree, Volatility);
    d_CallResult[opt] = make_float2(callResult1, callResult2);
    d_PutResult[opt] = make_float2(putResult1, putResult2);
  }
}

__global__ void BlackScholesGridStride(float *d_Call, float *d_Put, const float *d_S, const float *d_X,
                                       const float *d_T, float R, float V, int optN) {
  for (int opt = blockDim.x * blockIdx.x + threadIdx.x; opt < optN; opt += blockDim.x * gridDim.x) {
    float c, p;
    BlackScholesBodyGPU(c, p, d_S[opt], d_X[opt], d_T[opt], R, V);
    d_Call[opt] = c;
    d_Put[opt] = p;
  }
}

int main(int argc, char **argv) {
  const int OPT_N = 4000000;
  float2 *d_CallResult, *d_PutResult, *d_StockPrice, *d_OptionStrike, *d_OptionYears;
  checkCudaErrors(cudaMalloc((void **)&d_CallResult, OPT_N * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_PutResult, OPT_N * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_StockPrice, OPT_N * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_OptionStrike, OPT_N * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_OptionYears, OPT_N * sizeof(float)));
  BlackScholesGPU<<<DIV_UP((OPT_N / 2), 128), 128>>>(d_CallResult, d_PutResult, d_StockPrice, d_OptionStrike,
                                                     d_OptionYears, 0.02f, 0.30f, OPT_N);
  getLastCudaError("BlackScholesGPU() execution failed\n");
  return 0;
}
