//pass
//--blockDim=256 --gridDim=96
// The warp-shuffle block reduction of the "faster parallel reductions"
// write-ups: each warp folds with __shfl_down_sync (offset 16, 8, .., 1),
// lane 0 of each warp stores to shared memory, and the first warp reduces
// the warp sums. Used twice in one kernel (sum and sum of squares) with the
// __syncthreads() that makes reusing the shared array safe, and once with
// a grid-wide atomicAdd of the block sums.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

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

__global__ void deviceReduceKernel(const float *in, float *out, int N) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void deviceReduceAtomicKernel(const float *in, float *out, int N) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) atomicAdd(out, sum);
}

// Mean and variance partials: the second reduction reuses `shared`, so the
// first warp must have read it before any lane 0 writes it again.
__global__ void meanVarPartials(const float *in, float2 *partials, int N) {
  float s = 0.0f, s2 = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
    float x = in[i];
    s += x;
    s2 += x * x;
  }
  s = blockReduceSum(s);
  __syncthreads();
  s2 = blockReduceSum(s2);
  if (threadIdx.x == 0) partials[blockIdx.x] = make_float2(s, s2);
}

int main() {
  const int N = 1 << 24, threads = 256, blocks = 96;
  float *d_in, *d_out;
  float2 *d_partials;
  checkCudaErrors(cudaMalloc(&d_in, N * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, blocks * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_partials, blocks * sizeof(float2)));
  deviceReduceKernel<<<blocks, threads>>>(d_in, d_out, N);
  deviceReduceKernel<<<1, 1024>>>(d_out, d_out, blocks);
  deviceReduceAtomicKernel<<<blocks, threads>>>(d_in, d_out, N);
  meanVarPartials<<<blocks, threads>>>(d_in, d_partials, N);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("ok\n");
  return 0;
}
