//pass
//--blockDim=128 --gridDim=16
// Each thread emits up to MAX_OUT values; a prefix sum of the counts gives
// each thread its offset in the block's output segment (the "allocate then
// scatter" step of a compaction). The scan is each thread's sum of the
// counts before it; the offsets live in shared memory across the barrier,
// and only the barrier invariants keep that the segments do not overlap.
#include <cuda_runtime.h>

#define BLOCK 128
#define MAX_OUT 4

__device__ int emit_count(int v) { return v < 0 ? 0 : (v > MAX_OUT ? MAX_OUT : v); }

__global__ void allocate_and_scatter(const int *counts, int *out) {
  __shared__ int offset[BLOCK];
  __shared__ int count[BLOCK];
  int t = threadIdx.x;
  int base = blockIdx.x * BLOCK;
  int mine = emit_count(counts[base + t]);
  int sum = 0;
  for (int i = 0;
       __invariant(sum >= 0 & sum <= MAX_OUT * i & sum <= MAX_OUT * t),
       __invariant(__implies(__same_group & i <= t & i <= __other_int(t), sum == __other_int(sum))),
       __invariant(__implies(__same_group & t < __other_int(t) & i > t,
                             sum + mine <= __other_int(sum))),
       __invariant(__implies(__same_group & t < __other_int(t), sum <= __other_int(sum))),
       i < BLOCK; i++) {
    if (i < t)
      sum += emit_count(counts[base + i]);
  }
  offset[t] = sum;
  count[t] = mine;
  __barrier_invariant_1((offset[threadIdx.x] >= 0) & (offset[threadIdx.x] <= MAX_OUT * threadIdx.x) &
                            (count[threadIdx.x] >= 0) & (count[threadIdx.x] <= MAX_OUT),
                        threadIdx.x);
  __barrier_invariant_binary_1(
      __implies(threadIdx.x < __other_int(threadIdx.x),
                offset[threadIdx.x] + count[threadIdx.x] <= offset[__other_int(threadIdx.x)]),
      threadIdx.x, __other_int(threadIdx.x));
  __syncthreads();
  for (int j = 0; j < count[t]; j++)
    out[base * MAX_OUT + offset[t] + j] = t;
}

int main() {
  int *counts, *out;
  cudaMalloc(&counts, 16 * BLOCK * sizeof(int));
  cudaMalloc(&out, 16 * BLOCK * MAX_OUT * sizeof(int));
  allocate_and_scatter<<<16, BLOCK>>>(counts, out);
  cudaDeviceSynchronize();
  return 0;
}
