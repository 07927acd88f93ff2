//pass
//--blockDim=128 --gridDim=8
// Reads in annotations are the thread's view of memory, not accesses: the
// loop invariant reads the counter the next thread updates in the same
// loop, and the barrier invariant is assumed after __syncthreads, after
// which other threads reuse the buffer. Neither is a race.
#include <cuda_runtime.h>
#define BLOCK 128

__global__ void count_hits(const int *keys, unsigned *hits, int key) {
  __shared__ unsigned count[BLOCK];
  unsigned t = threadIdx.x;
  count[t] = 0;
  for (int i = 0;
       __invariant(__implies(t == BLOCK - 1, count[(t + 1) % BLOCK] == count[0])),
       __invariant(count[t] <= (unsigned)i),
       i < 16; i++) {
    if (keys[(blockIdx.x * BLOCK + t) * 16 + i] == key) {
      count[t]++;
    }
  }
  hits[blockIdx.x * BLOCK + t] = count[t];
}

__global__ void reverse_reuse(const int *in, int *out) {
  __shared__ int slot[BLOCK];
  int t = threadIdx.x;
  slot[t] = BLOCK - 1 - t;
  __barrier_invariant_1(slot[t] == BLOCK - 1 - t, t);
  __syncthreads();
  slot[BLOCK - 1 - t] = in[blockIdx.x * BLOCK + t];
  out[blockIdx.x * BLOCK + t] = t;
}

int main() {
  int *in, *out, *keys;
  unsigned *hits;
  cudaMalloc(&in, 8 * BLOCK * sizeof(int));
  cudaMalloc(&out, 8 * BLOCK * sizeof(int));
  cudaMalloc(&keys, 8 * BLOCK * 16 * sizeof(int));
  cudaMalloc(&hits, 8 * BLOCK * sizeof(unsigned));
  count_hits<<<8, BLOCK>>>(keys, hits, 7);
  reverse_reuse<<<8, BLOCK>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
