//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16 --kernel-args=scaleRows,1024
//race on head
// row_head_scale.cu without its barrier: threads read the staged row head
// before thread 0 has written it. The race lies before the column loop, so
// the bounded run before inference reports it (src/bounded_first.rs)
// without waiting for Houdini.
#include <cuda_runtime.h>

__device__ float rowHead(const float *row) {
  __shared__ float head;
  if (threadIdx.x == 0) head = row[0];
  // (missing __syncthreads(): threads read head before thread 0 wrote it)
  return head;
}

__global__ void scaleRows(const float *in, float *out, int width) {
  const float *row = in + blockIdx.x * width;
  float h = rowHead(row);
  for (int c = threadIdx.x; c < width; c += blockDim.x)
    out[blockIdx.x * width + c] = row[c] / h;
}

int main() {
  const int width = 1024, rows = 16;
  float *in, *out;
  cudaMalloc(&in, width * rows * sizeof(float));
  cudaMalloc(&out, width * rows * sizeof(float));
  scaleRows<<<rows, 64>>>(in, out, width);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
