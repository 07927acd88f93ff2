//pass
//--blockDim=64 --gridDim=2
// Monte Carlo setup: one curand state per thread, initialised and used in
// place.
#include <curand_kernel.h>

__global__ void setup_kernel(curandState *state, unsigned long long seed) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(seed, id, 0, &state[id]);
}

__global__ void generate_kernel(curandState *state, float *result) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  float x = curand_uniform(&state[id]);
  float y = curand_uniform(&state[id]);
  result[id] = (x * x + y * y <= 1.0f) ? 1.0f : 0.0f;
}
