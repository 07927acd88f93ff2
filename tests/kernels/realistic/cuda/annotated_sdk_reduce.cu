//pass
//--blockDim=256 --gridDim=64
// CUDA SDK-style kernels carrying GPUVerify annotations: a templated tree
// reduction (power-of-two stride invariant), a block rotation whose
// destination indices live in shared memory (a barrier invariant states
// them across __syncthreads), and a shared-memory histogram.
#include <cuda_runtime.h>
#include <cstdio>

#define BLOCK 256
#define NBINS 64

template <unsigned blockSize>
__global__ void reduceSum(const float *g_idata, float *g_odata) {
  __shared__ float sdata[blockSize];
  __requires(blockDim.x == blockSize);
  unsigned tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockSize + tid];
  __syncthreads();
  for (unsigned s = blockSize / 2;
       __global_invariant(__is_pow2(s) | s == 0),
       __global_invariant(s < blockSize),
       s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

__global__ void rotateBlocks(const int *in, int *out, unsigned shift) {
  __shared__ unsigned dst[BLOCK];
  __requires(shift < BLOCK);
  unsigned t = threadIdx.x;
  dst[t] = (t + shift) & (BLOCK - 1);
  __barrier_invariant_1(dst[t] == ((t + shift) & (BLOCK - 1)), t);
  __syncthreads();
  out[blockIdx.x * BLOCK + dst[t]] = in[blockIdx.x * BLOCK + t];
}

__global__ void histogramShared(const unsigned char *data, unsigned n,
                                unsigned *hist) {
  __shared__ unsigned bins[NBINS];
  __requires(n % (BLOCK * 64) == 0);
  if (threadIdx.x < NBINS)
    bins[threadIdx.x] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
       __invariant(__no_write(bins)),
       i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % NBINS], 1u);
  __syncthreads();
  if (threadIdx.x < NBINS)
    atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}

int main() {
  const unsigned n = 64 * BLOCK * 64;
  float *fin, *fout;
  int *iin, *iout;
  unsigned char *bytes;
  unsigned *hist;
  cudaMalloc(&fin, 64 * BLOCK * sizeof(float));
  cudaMalloc(&fout, 64 * sizeof(float));
  cudaMalloc(&iin, 64 * BLOCK * sizeof(int));
  cudaMalloc(&iout, 64 * BLOCK * sizeof(int));
  cudaMalloc(&bytes, n);
  cudaMalloc(&hist, NBINS * sizeof(unsigned));
  reduceSum<BLOCK><<<64, BLOCK>>>(fin, fout);
  rotateBlocks<<<64, BLOCK>>>(iin, iout, 17);
  histogramShared<<<64, BLOCK>>>(bytes, n, hist);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
