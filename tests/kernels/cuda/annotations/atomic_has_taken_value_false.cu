//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
//atomic_has_taken_value_false.cu:15:3: error: this assertion might not hold
// The chunk after the thread's own may or may not have been handed out to
// another thread: __atomic_has_taken_value cannot tell, so this is reported.
#include <cuda_runtime.h>

#define CHUNK 32

__global__ void grab_chunks(unsigned int *next_chunk, const float *in, float *partial,
                            unsigned int total) {
  unsigned int start = atomicAdd(next_chunk, CHUNK);
  __assert(__atomic_has_taken_value(next_chunk, 0, start));
  // Might not hold: the counter has handed out start + CHUNK, or not yet.
  __assert(__atomic_has_taken_value(next_chunk, 0, start + CHUNK));
  partial[blockIdx.x * blockDim.x + threadIdx.x] = start < total ? in[start] : 0.0f;
}
