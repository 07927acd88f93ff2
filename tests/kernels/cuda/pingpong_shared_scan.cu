//pass
//--blockDim=256 --gridDim=64
// Double-buffered shared memory in CUDA, as SDK-style scans write it: a
// template block size, two __shared__ buffers, pointers swapped after
// each __syncthreads().
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void inclusiveScanBlock(const T *in, T *out) {
  __shared__ T bufA[BLOCK];
  __shared__ T bufB[BLOCK];
  T *src = bufA;
  T *dst = bufB;
  const int tid = threadIdx.x;
  const int gid = blockIdx.x * BLOCK + tid;
  src[tid] = in[gid];
  __syncthreads();
  for (int offset = 1; offset < BLOCK; offset <<= 1) {
    T v = src[tid];
    if (tid >= offset) v += src[tid - offset];
    dst[tid] = v;
    __syncthreads();
    T *t = src;
    src = dst;
    dst = t;
  }
  out[gid] = src[tid];
}

template __global__ void inclusiveScanBlock<float, 256>(const float *, float *);

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, 64 * 256 * sizeof(float));
  cudaMalloc(&d_out, 64 * 256 * sizeof(float));
  inclusiveScanBlock<float, 256><<<64, 256>>>(d_in, d_out);
  cudaDeviceSynchronize();
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
