//pass
//--blockDim=128 --gridDim=2
// Warp-level reduction in shared memory ordered by __syncwarp (the
// Volta-safe form of the classic "last warp unrolled" reduction): each
// step reads only cells of the same warp, written before the previous
// __syncwarp(). No --warp-sync: lanes are not assumed in lock step.
#include <cuda_runtime.h>

#define BLOCK 128

template <unsigned int blockSize>
__device__ void warpReduce(volatile float *sdata, unsigned tid) {
  unsigned lane = tid % 32;
  if (blockSize >= 32 && lane < 16) sdata[tid] += sdata[tid + 16]; __syncwarp();
  if (blockSize >= 16 && lane < 8) sdata[tid] += sdata[tid + 8]; __syncwarp();
  if (blockSize >= 8 && lane < 4) sdata[tid] += sdata[tid + 4]; __syncwarp();
  if (blockSize >= 4 && lane < 2) sdata[tid] += sdata[tid + 2]; __syncwarp();
  if (blockSize >= 2 && lane < 1) sdata[tid] += sdata[tid + 1]; __syncwarp();
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
