//pass
//--blockDim=128 --gridDim=[4,33]
//the array arguments `batch.x\[0\]`, .*`batch.y\[32\]`.* do not alias
// Batched AXPY with the batch's pointers passed by value in one struct
// (the launch-argument habit of batched BLAS kernels: up to MAX_BATCH
// pointer pairs in the kernel's parameter space, no pointer table in
// device memory). 66 pointer fields, each a buffer of its own; blockIdx.y
// picks the batch entry.
#include <cuda_runtime.h>

#define MAX_BATCH 33

struct AxpyBatch {
  const float *x[MAX_BATCH];
  float *y[MAX_BATCH];
  float alpha;
  int n;
};

__global__ void batchedAxpy(AxpyBatch batch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = blockIdx.y;
  if (i < batch.n) batch.y[b][i] += batch.alpha * batch.x[b][i];
}

int main() {
  AxpyBatch batch;
  batch.alpha = 2.0f;
  batch.n = 512;
  for (int b = 0; b < MAX_BATCH; ++b) {
    cudaMalloc((void **)&batch.x[b], 512 * sizeof(float));
    cudaMalloc((void **)&batch.y[b], 512 * sizeof(float));
  }
  batchedAxpy<<<dim3(4, MAX_BATCH), 128>>>(batch);
  return 0;
}
