//pass
//--blockDim=[32,8] --gridDim=[16,16] --kernel-args=stagedCopy<float,32>,512
// Dynamic shared memory the way templated library code declares it:
// `extern __shared__ __align__(sizeof(T)) unsigned char smem[]` cast to T*
// in a template, the size passed as the third launch parameter. A
// block-wide reversal and a tiled copy that stages rows through the tile.
// stagedCopy has no bounds guard: it is race-free only for the width the
// host passes (512 = gridDim.x * TILE_DIM; with width 256, x = 256, y = 0
// and x = 0, y = 1 write the same element), hence --kernel-args.
#include <cuda_runtime.h>
#include <helper_cuda.h>

template <typename T>
__device__ T *shared_memory_proxy() {
  extern __shared__ __align__(sizeof(T)) unsigned char smem[];
  return reinterpret_cast<T *>(smem);
}

template <typename T>
__global__ void reverseBlock(T *__restrict__ d, int n) {
  T *s = shared_memory_proxy<T>();
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int nt = blockDim.x * blockDim.y;
  int base = b * nt;
  s[t] = d[base + t];
  __syncthreads();
  d[base + t] = s[nt - t - 1];
}

template <typename T, int TILE_DIM>
__global__ void stagedCopy(T *__restrict__ odata, const T *__restrict__ idata, int width) {
  T *tile = shared_memory_proxy<T>();
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  tile[threadIdx.y * TILE_DIM + threadIdx.x] = idata[y * width + x];
  __syncthreads();
  odata[y * width + x] = tile[threadIdx.y * TILE_DIM + threadIdx.x];
}

int main() {
  const int width = 512;
  float *d_a, *d_b;
  double *d_c;
  checkCudaErrors(cudaMalloc(&d_a, width * width * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_b, width * width * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_c, 256 * 256 * sizeof(double)));
  dim3 block(32, 8), grid(16, 16);
  reverseBlock<double><<<grid, block, 256 * sizeof(double)>>>(d_c, 256 * 256);
  stagedCopy<float, 32><<<grid, block, 32 * 8 * sizeof(float)>>>(d_b, d_a, width);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
