//pass
//--blockDim=64 --gridDim=2
// The curand idiom of the CUDA samples: copy the state to a local
// variable, draw from it in a loop, copy it back (a 44/48-byte struct
// copy in each direction).
#include <curand_kernel.h>

__global__ void generate_local(curandState *state, float *result, int n) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandState localState = state[id];
  float sum = 0.0f;
  for (int i = 0; i < n; i++)
    sum += curand_uniform(&localState);
  state[id] = localState;
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
