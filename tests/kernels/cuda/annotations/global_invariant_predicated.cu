//pass
//--blockDim=128 --gridDim=4
// __global_invariant in a loop only the first warp runs: it must hold for
// every thread, running the loop or not, so it is about uniform values.
#include <cuda_runtime.h>

__global__ void clear_head(float *m, int width, int rows) {
  __requires(width == 512);
  __requires(rows == 4);
  int t = threadIdx.x;
  if (t < 32) {
    for (int r = 0;
         __global_invariant(width == 512 & rows == 4),
         __invariant(r >= 0 & r <= rows),
         r < rows; r++) {
      m[(blockIdx.x * rows + r) * width + t] = 0.0f;
    }
  }
}
