//xfail:FRONTEND_ERROR
//--blockDim=128 --gridDim=[4,160]
//byval_pointer_batch_too_large.cu:\d+(:\d+)?: error: unsupported: the by-value argument `batch` holds more than 256 pointers
// batchedAxpyPointers.cu with 160 entries: 320 pointer fields, more than
// the by-value model gives buffers of their own; refused (exit 4) naming
// the argument, instead of the false "possible null pointer access" the
// fallback used to report.
#include <cuda_runtime.h>

#define MAX_BATCH 160

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
