//pass
//--blockDim=256 --gridDim=8
// Work distribution through a global counter: each thread grabs chunks with
// atomicAdd until the work runs out. __atomic_has_taken_value records that
// the chunk start the thread works on is one the counter handed out.
#include <cuda_runtime.h>

#define CHUNK 32

__global__ void grab_chunks(unsigned int *next_chunk, const float *in, float *partial,
                            unsigned int total) {
  unsigned int start = atomicAdd(next_chunk, CHUNK);
  float acc = 0.0f;
  while (__invariant(__atomic_has_taken_value(next_chunk, 0, start)), start < total) {
    __assert(__atomic_has_taken_value(next_chunk, 0, start));
    acc += in[start];
    start = atomicAdd(next_chunk, CHUNK);
  }
  partial[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  unsigned int *next;
  float *in, *partial;
  cudaMalloc(&next, sizeof(unsigned int));
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&partial, 8 * 256 * sizeof(float));
  grab_chunks<<<8, 256>>>(next, in, partial, 1 << 18);
  return 0;
}
