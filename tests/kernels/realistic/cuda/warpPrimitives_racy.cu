//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
//race on shared
// blockReduceSum called twice in a row (a common pattern) without a barrier
// between the calls: the second call's lane-0 writes to shared[] race with
// the first call's reads by warp 0.
#include <cuda_runtime.h>

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = 16; offset > 0; offset /= 2) val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / 32) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void meanAndSquares(const int *in, int *sums, int *squares) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[gid];
  int s = blockReduceSum(v);
  int q = blockReduceSum(v * v);
  if (threadIdx.x == 0) { sums[blockIdx.x] = s; squares[blockIdx.x] = q; }
}
