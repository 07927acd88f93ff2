//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=96
//possible (read-write|write-read) race on shared
// The mean/variance kernel of warpShuffleBlockReduce.cu without the
// __syncthreads() between the two block reductions: a warp's lane 0 may
// store its second warp sum into `shared` while the first warp still reads
// the first reduction's warp sums.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void meanVarPartials(const float *in, float2 *partials, int N) {
  float s = 0.0f, s2 = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
    float x = in[i];
    s += x;
    s2 += x * x;
  }
  s = blockReduceSum(s);
  s2 = blockReduceSum(s2);
  if (threadIdx.x == 0) partials[blockIdx.x] = make_float2(s, s2);
}

int main() {
  float *d_in;
  float2 *d_partials;
  cudaMalloc(&d_in, (1 << 24) * sizeof(float));
  cudaMalloc(&d_partials, 96 * sizeof(float2));
  meanVarPartials<<<96, 256>>>(d_in, d_partials, 1 << 24);
  return 0;
}
