//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible .*race on state\[
// All threads of a block draw from the block's single state.
#include <curand_kernel.h>

__global__ void generate_kernel(curandState *state, unsigned int *result) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  result[id] = curand(&state[blockIdx.x]);
}
