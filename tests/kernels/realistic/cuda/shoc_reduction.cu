//pass
//--blockDim=256 --gridDim=64 --kernel-args=reduce<float,256>,1048576 --kernel-args=reduce<double,256>,1048576 --kernel-args=scan_single_block<float>,64
// SHOC-style reduction and scan: a templated block reduction over a
// grid-stride accumulation (the block size a template parameter, the tree
// unrolled with `if (blockSize >= N)`), the last warp finished with
// __syncwarp-ordered steps, and a single-block scan of
// the per-block partial sums. Explicit instantiations for float and double
// as the benchmark's host driver launches them.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

// The last warp: each step reads, waits for the warp, then writes (the
// CUDA 9 form of the warp-synchronous tail; lanes no longer run in lock
// step, so a read and a neighbour's write in one step would race).
template <class T, int blockSize>
__device__ void warpReduce(T *sdata, int tid) {
  T v = sdata[tid];
  if (blockSize >= 64) { v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 32) { v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 16) { v += sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 8) { v += sdata[tid + 4]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 4) { v += sdata[tid + 2]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
  if (blockSize >= 2) { v += sdata[tid + 1]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
}

template <class T, int blockSize>
__global__ void reduce(const T *__restrict__ g_idata, T *__restrict__ g_odata,
                       const unsigned int n) {
  extern __shared__ unsigned char smem_raw[];
  T *sdata = reinterpret_cast<T *>(smem_raw);

  const unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockSize + tid;
  const unsigned int gridSize = blockSize * gridDim.x;

  T sum = 0;
  while (i < n) {
    sum += g_idata[i];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();

  if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] += sdata[tid + 64]; } __syncthreads(); }

  if (tid < 32)
    warpReduce<T, blockSize>(sdata, tid);

  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

// Inclusive scan of one block's worth of partial sums (Hillis-Steele with
// a double buffer).
template <class T>
__global__ void scan_single_block(const T *in, T *out, int n) {
  __shared__ T buf[2][256];
  int tid = threadIdx.x;
  int pout = 0, pin = 1;
  buf[pout][tid] = (blockIdx.x == 0 && tid < n) ? in[tid] : (T)0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= offset)
      buf[pout][tid] = buf[pin][tid] + buf[pin][tid - offset];
    else
      buf[pout][tid] = buf[pin][tid];
    __syncthreads();
  }
  if (blockIdx.x == 0 && tid < n)
    out[tid] = buf[pout][tid];
}

template __global__ void reduce<float, 256>(const float *, float *, const unsigned int);
template __global__ void reduce<double, 256>(const double *, double *, const unsigned int);
template __global__ void scan_single_block<float>(const float *, float *, int);

template <class T>
void RunTest(const char *name, unsigned int size) {
  T *d_idata, *d_odata, *d_scan;
  int blocks = 64, threads = 256;
  cudaMalloc((void **)&d_idata, size * sizeof(T));
  cudaMalloc((void **)&d_odata, blocks * sizeof(T));
  cudaMalloc((void **)&d_scan, blocks * sizeof(T));
  size_t smem = threads * sizeof(T);
  for (int pass = 0; pass < 10; pass++) {
    reduce<T, 256><<<blocks, threads, smem>>>(d_idata, d_odata, size);
    cudaDeviceSynchronize();
  }
  printf("%s: %u elements\n", name, size);
  cudaFree(d_idata);
  cudaFree(d_odata);
  cudaFree(d_scan);
}

int main(int argc, char **argv) {
  RunTest<float>("Reduction", 1 << 20);
  RunTest<double>("Reduction-DP", 1 << 20);
  float *partial, *prefix;
  cudaMalloc((void **)&partial, 64 * sizeof(float));
  cudaMalloc((void **)&prefix, 64 * sizeof(float));
  scan_single_block<float><<<1, 256>>>(partial, prefix, 64);
  cudaDeviceSynchronize();
  return 0;
}
