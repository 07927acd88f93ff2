//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
//global_invariant_predicated_false.cu:15:10: error: loop invariant might not hold on entry
// A __global_invariant that holds only for the threads running the loop:
// the threads that skip it (t >= 32) falsify it.
#include <cuda_runtime.h>

__global__ void clear_head(float *m, int width, int rows) {
  __requires(width == 512);
  __requires(rows == 4);
  int t = threadIdx.x;
  if (t < 32) {
    for (int r = 0;
         __invariant(r >= 0 & r <= rows),
         __global_invariant(threadIdx.x < 32),
         r < rows; r++) {
      m[(blockIdx.x * rows + r) * width + t] = 0.0f;
    }
  }
}
