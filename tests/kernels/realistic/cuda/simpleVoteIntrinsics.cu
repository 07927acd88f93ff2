//pass
//--blockDim=128 --gridDim=8
// Warp vote functions as the simpleVoteIntrinsics sample exercises them:
// each thread records __any_sync/__all_sync of a per-lane predicate, and
// lane 0 of each warp stores the warp's __ballot_sync mask and popcount.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define WARP_SIZE 32

__global__ void voteAny(const unsigned int *input, unsigned int *result) {
  int tx = blockIdx.x * blockDim.x + threadIdx.x;
  result[tx] = __any_sync(0xffffffff, input[tx]);
}

__global__ void voteAll(const unsigned int *input, unsigned int *result) {
  int tx = blockIdx.x * blockDim.x + threadIdx.x;
  result[tx] = __all_sync(0xffffffff, input[tx]);
}

__global__ void warpBallot(const int *flags, unsigned int *masks, int *counts) {
  int tx = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int mask = __ballot_sync(0xffffffff, flags[tx] > 0);
  int warp = tx / WARP_SIZE;
  if ((threadIdx.x & (WARP_SIZE - 1)) == 0) {
    masks[warp] = mask;
    counts[warp] = __popc(mask);
  }
}

int main() {
  unsigned int *d_input, *d_result;
  checkCudaErrors(cudaMalloc(&d_input, 1024 * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc(&d_result, 1024 * sizeof(unsigned int)));
  voteAny<<<8, 128>>>(d_input, d_result);
  voteAll<<<8, 128>>>(d_input, d_result);
  return 0;
}
