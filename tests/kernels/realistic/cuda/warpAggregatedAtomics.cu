//pass
//--blockDim=256 --gridDim=32
// Stream filtering with warp-aggregated atomics (the "warp-aggregated
// atomics" blog pattern): the warp's leader reserves room for all active
// lanes with one atomicAdd, broadcasts the base with a shuffle, and each
// lane writes at base + its rank among the active lanes. A plain
// per-thread atomicAdd version sits next to it.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

__device__ __forceinline__ int lane_id() { return threadIdx.x & 31; }

__device__ int atomicAggInc(int *ctr) {
  unsigned int active = __activemask();
  int leader = __ffs(active) - 1;
  int change = __popc(active);
  unsigned int rank = __popc(active & ((1u << lane_id()) - 1));
  int warp_res;
  if (lane_id() == leader) warp_res = atomicAdd(ctr, change);
  warp_res = __shfl_sync(active, warp_res, leader);
  return warp_res + rank;
}

__global__ void filter_k(int *dst, int *nres, const int *__restrict__ src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}

__global__ void filter_simple(int *dst, int *nres, const int *__restrict__ src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAdd(nres, 1)] = src[i];
}

int main() {
  int n = 256 * 32;
  int *d_src, *d_dst, *d_nres;
  checkCudaErrors(cudaMalloc(&d_src, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_dst, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_nres, sizeof(int)));
  checkCudaErrors(cudaMemset(d_nres, 0, sizeof(int)));
  filter_k<<<n / 256, 256>>>(d_dst, d_nres, d_src, n);
  filter_simple<<<n / 256, 256>>>(d_dst, d_nres, d_src, n);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
