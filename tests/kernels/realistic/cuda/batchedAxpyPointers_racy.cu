//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=[4,33]
//possible (write-write|read-write|write-read) race on batch\.y\[
// batchedAxpyPointers.cu with the element index forgetting blockIdx.x:
// the four blocks of one batch entry update the same 128 elements.
#include <cuda_runtime.h>

#define MAX_BATCH 33

struct AxpyBatch {
  const float *x[MAX_BATCH];
  float *y[MAX_BATCH];
  float alpha;
  int n;
};

__global__ void batchedAxpy(AxpyBatch batch) {
  int i = threadIdx.x;
  int b = blockIdx.y;
  if (i < batch.n) batch.y[b][i] += batch.alpha * batch.x[b][i];
}
