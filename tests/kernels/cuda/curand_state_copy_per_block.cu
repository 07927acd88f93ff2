//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible .*race on state\[
// The copy-draw-copy-back idiom with one state per block instead of one
// per thread: the threads of a block copy back into one state.
#include <curand_kernel.h>

__global__ void generate_local(curandState *state, float *result, int n) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandState localState = state[blockIdx.x];
  float sum = 0.0f;
  for (int i = 0; i < n; i++)
    sum += curand_uniform(&localState);
  state[blockIdx.x] = localState;
  result[id] = sum;
}

int main() {
  curandState *states;
  float *result;
  cudaMalloc(&states, 128 * sizeof(curandState));
  cudaMalloc(&result, 128 * sizeof(float));
  generate_local<<<2, 64>>>(states, result, 1000);
  return 0;
}
