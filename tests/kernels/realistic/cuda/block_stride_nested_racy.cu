//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//possible .*race on part\[
//barrier may be reached by non-uniform control flow
// Twins of block_stride_nested.cu (squared norms of the vectors of a row,
// one row per block at a time; rule `running_group`).
// rowNormsPaired: threads 2i and 2i+1 store their sums into the same slot
// of part[] (`threadIdx.x / 2`): a race.
// rowNormsWarpRows: each warp of the block takes its own rows, so the rows
// loop is not uniform in the block, and the barrier of the tree is reached
// by one warp and not by the other: barrier divergence.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define THREADS 64
#define ROW_LEN 1000

__global__ void rowNormsPaired(float *out, const float *v, int rows, int dim) {
  __shared__ float part[THREADS];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    const float *rv = v + row * ROW_LEN * dim;
    float sum = 0.0f;
    for (int k = threadIdx.x; k < ROW_LEN; k += blockDim.x)
      for (int c = 0; c < dim; ++c)
        sum += rv[k * dim + c] * rv[k * dim + c];
    part[threadIdx.x / 2] = sum;
    for (int half = THREADS / 2; half > 0; half >>= 1) {
      __syncthreads();
      if (threadIdx.x < half) part[threadIdx.x] += part[threadIdx.x + half];
    }
    if (threadIdx.x == 0) out[row] = part[0];
    __syncthreads();
  }
}

__global__ void rowNormsWarpRows(float *out, const float *v, int rows, int dim) {
  __shared__ float part[THREADS];
  for (int row = 2 * blockIdx.x + threadIdx.x / 32; row < rows; row += 2 * gridDim.x) {
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
  const int rows = 101, dim = 3;
  float *v, *out;
  checkCudaErrors(cudaMalloc(&v, rows * ROW_LEN * dim * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, rows * sizeof(float)));
  rowNormsPaired<<<8, THREADS>>>(out, v, rows, dim);
  rowNormsWarpRows<<<8, THREADS>>>(out, v, rows, dim);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
