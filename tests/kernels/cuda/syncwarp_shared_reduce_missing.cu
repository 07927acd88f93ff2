//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//possible (read-write|write-read) race on sdata\[
// The same warp reduction without the __syncwarp() between steps: a lane
// reads a cell its neighbour wrote in the previous step, unordered
// (lanes do not run in lock step without --warp-sync).
#include <cuda_runtime.h>

#define BLOCK 128

template <unsigned int blockSize>
__device__ void warpReduce(volatile float *sdata, unsigned tid) {
  unsigned lane = tid % 32;
  if (blockSize >= 32 && lane < 16) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16 && lane < 8) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8 && lane < 4) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4 && lane < 2) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2 && lane < 1) sdata[tid] += sdata[tid + 1];
}

__global__ void warpSums(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  __syncwarp();
  warpReduce<BLOCK>(sdata, tid);
  if (tid % 32 == 0)
    out[blockIdx.x * (BLOCK / 32) + tid / 32] = sdata[tid];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 2 * BLOCK * sizeof(float));
  cudaMalloc(&out, 8 * sizeof(float));
  warpSums<<<2, BLOCK>>>(in, out);
  return 0;
}
