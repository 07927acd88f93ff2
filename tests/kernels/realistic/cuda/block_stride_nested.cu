//pass
//--blockDim=64 --gridDim=8
// Sums of the squared norms of the DIM-vectors in each row, one row per
// block at a time (a grid-stride loop over blocks): each thread takes a
// strided part of the row's vectors, summing each vector's components in
// an inner loop, then a tree with a barrier per level. The strided loop's
// guard depends on the thread id, so the threads of a block leave it at
// different times, and it has a loop nested in it: the tree after it is
// uniform in the block only if each thread of the block is, at the inner
// loop's head, in the strided loop or past it (rule `running_group`).
// Twins: block_stride_nested_racy.cu (a race on part[], a divergent barrier).
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define THREADS 64
#define ROW_LEN 1000

__global__ void rowNorms(float *out, const float *v, int rows, int dim) {
  __shared__ float part[THREADS];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    const float *rv = v + row * ROW_LEN * dim;
    float sum = 0.0f;
    for (int k = threadIdx.x; k < ROW_LEN; k += blockDim.x)
      for (int c = 0; c < dim; ++c)
        sum += rv[k * dim + c] * rv[k * dim + c];
    part[threadIdx.x] = sum;
    for (int half = THREADS / 2; half > 0; half >>= 1) {
      __syncthreads();
      if (threadIdx.x < half) part[threadIdx.x] += part[threadIdx.x + half];
    }
    if (threadIdx.x == 0) out[row] = part[0];
    __syncthreads();
  }
}

int main() {
  const int rows = 100, dim = 3;
  float *v, *out;
  checkCudaErrors(cudaMalloc(&v, rows * ROW_LEN * dim * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, rows * sizeof(float)));
  rowNorms<<<8, THREADS>>>(out, v, rows, dim);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
