//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//kernel `via_helper`\): 1 possible defect
//kernel `via_private_array`\): 1 possible defect
//kernel `via_atomic`\): 1 possible defect
//kernel `race_across_iterations`\): 1 possible defect
// s10 review, loop-head havoc attacks (CUDA): the race of each kernel needs
// what the loop modifies (through an inlined helper, a private array, an
// atomic's result, the race log itself) havocked at the loop head, and more
// than 5 iterations (the bounded run before inference does not reach it).
__device__ int step_index(int k, int i) { return i >= 8 ? 0 : k; }

__global__ void via_helper(int *out, int n) {
  int k = threadIdx.x;
  for (int i = 0; i < n; i++)
    k = step_index(k, i);
  out[blockIdx.x * 64 + k] = threadIdx.x;
}

__global__ void via_private_array(int *out, int n) {
  int hist[4] = {0, 1, 2, 3};
  hist[0] = threadIdx.x;
  for (int i = 0; i < n; i++)
    if (i >= 8)
      hist[i & 3] = 5;
  out[blockIdx.x * 64 + (hist[0] & 63)] = threadIdx.x;
}

__global__ void via_atomic(int *out, int *counter, int n) {
  int k = threadIdx.x;
  for (int i = 0; i < n; i++)
    if (i >= 8)
      k = atomicAdd(counter, 0) & 63;
  out[blockIdx.x * 64 + k] = threadIdx.x;
}

__global__ void race_across_iterations(int *out, int n) {
  for (int i = 0; i < n; i++)
    if (i >= 8 && threadIdx.x == (unsigned)i)
      out[blockIdx.x] = i;
}
