//pass
//--blockDim=64 --gridDim=1
// The race-free twin of shared_pointer_table_race.cu's scatter_pairs: each
// thread writes its own element of the published row. (A table of several
// row pointers is reported: after the barrier their offsets are arbitrary,
// so two rows may overlap; SOUNDNESS.md.)
#include <cuda_runtime.h>

__global__ void scatter_own(float *planes) {
  __shared__ float *row;
  if (threadIdx.x == 0)
    row = planes + blockIdx.x * blockDim.x;
  __syncthreads();
  row[threadIdx.x] = (float)threadIdx.x;
}

int main() {
  float *planes;
  cudaMalloc(&planes, 64 * sizeof(float));
  scatter_own<<<1, 64>>>(planes);
  cudaDeviceSynchronize();
  return 0;
}
