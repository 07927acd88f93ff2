//pass
//--blockDim=64 --gridDim=16 --kernel-args=scaleRows,1024
// Each block scales one row by its first element: thread 0 stages the row
// head in shared memory, a barrier publishes it, then every thread walks its
// columns with a block-stride loop. The racy twin (row_head_scale_racy.cu)
// lacks the barrier: its race lies before the loop, so the bounded run
// before inference reports it (src/bounded_first.rs); this one goes on to
// inference and the proof.
#include <cuda_runtime.h>

__device__ float rowHead(const float *row) {
  __shared__ float head;
  if (threadIdx.x == 0) head = row[0];
  __syncthreads();
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
