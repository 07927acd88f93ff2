//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//possible write-write race on out
// The helper folds a thread index onto 8 lanes: four threads of a block
// write each element.
__device__ int lane(int x) { return x % 8; }

__global__ void helper_lane_collision(int *out) {
  out[blockIdx.x * 8 + lane(threadIdx.x)] = threadIdx.x;
}
