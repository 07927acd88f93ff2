//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//possible .*race on part\[
// Dot products of many row pairs, one row per block at a time (a
// grid-stride loop over blocks): each thread accumulates a strided part of
// the row into shared memory, then a tree with a barrier per level. The
// accumulator loop's guard depends on the thread id, so the two threads of
// a pair leave it at different times; the tree loop after it is uniform in
// the block only if both left it together (rule `thread_eq_group`: the
// running-or-exited predicates of a predicated loop are equal in a group).
// Racy twin of infer_block_stride_tree.cu: the barrier that ends each row is
// missing, so thread 0 reads part[0] while another thread of the block
// already stores its next row's sum.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define THREADS 64
#define ROW_LEN 1000

__global__ void rowDots(float *out, const float *a, const float *b, int rows) {
  __shared__ float part[THREADS];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    const float *ra = a + row * ROW_LEN;
    const float *rb = b + row * ROW_LEN;
    float sum = 0.0f;
    for (int k = threadIdx.x; k < ROW_LEN; k += blockDim.x)
      sum += ra[k] * rb[k];
    part[threadIdx.x] = sum;
    for (int half = THREADS / 2; half > 0; half >>= 1) {
      __syncthreads();
      if (threadIdx.x < half) part[threadIdx.x] += part[threadIdx.x + half];
    }
    if (threadIdx.x == 0) out[row] = part[0];
  }
}

int main() {
  const int rows = 100;
  float *a, *b, *out;
  checkCudaErrors(cudaMalloc(&a, rows * ROW_LEN * sizeof(float)));
  checkCudaErrors(cudaMalloc(&b, rows * ROW_LEN * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, rows * sizeof(float)));
  rowDots<<<8, THREADS>>>(out, a, b, rows);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
