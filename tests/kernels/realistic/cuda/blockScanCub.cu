//pass
//--blockDim=256 --gridDim=32
// Kernels built on CUB-like block primitives (block_primitives.cuh): an
// exclusive scan per tile writing offsets, a block sum per tile with the
// aggregate written by thread 0, and a scan reusing its temp storage after
// a barrier, each instantiated for the block size it is launched with.
#include "block_primitives.cuh"
#include <helper_cuda.h>

template <int BLOCK_THREADS>
__global__ void tileOffsets(const int *counts, int *offsets) {
  using Scan = blockprim::BlockScan<int, BLOCK_THREADS>;
  __shared__ typename Scan::TempStorage temp;
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  int out;
  Scan(temp).ExclusiveScan(counts[i], out, 0, blockprim::Sum<int>());
  offsets[i] = out;
}

template <int BLOCK_THREADS>
__global__ void tileSums(const float *in, float *blockSums) {
  using Reduce = blockprim::BlockReduce<float, BLOCK_THREADS>;
  __shared__ typename Reduce::TempStorage temp;
  float v = in[blockIdx.x * BLOCK_THREADS + threadIdx.x];
  float total = Reduce(temp).Sum(v);
  if (threadIdx.x == 0) blockSums[blockIdx.x] = total;
}

template <int BLOCK_THREADS>
__global__ void twoScans(const int *a, const int *b, int *outA, int *outB) {
  using Scan = blockprim::BlockScan<int, BLOCK_THREADS>;
  __shared__ typename Scan::TempStorage temp;
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  int x, y;
  Scan(temp).ExclusiveScan(a[i], x, 0, blockprim::Sum<int>());
  __syncthreads();  // temp is reused
  Scan(temp).ExclusiveScan(b[i], y, 0, blockprim::Sum<int>());
  outA[i] = x;
  outB[i] = y;
}

template __global__ void tileOffsets<256>(const int *, int *);
template __global__ void tileSums<256>(const float *, float *);
template __global__ void twoScans<256>(const int *, const int *, int *, int *);

int main() {
  int *d_counts, *d_offsets;
  checkCudaErrors(cudaMalloc(&d_counts, 32 * 256 * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_offsets, 32 * 256 * sizeof(int)));
  tileOffsets<256><<<32, 256>>>(d_counts, d_offsets);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
