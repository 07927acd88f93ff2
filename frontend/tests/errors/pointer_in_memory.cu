// expect: 4 a pointer stored in or loaded from non-private memory
__global__ void pointer_in_memory(int *a, int *b) {
  __shared__ int *chosen;
  if (threadIdx.x == 0) chosen = blockIdx.x % 2 ? a : b;
  __syncthreads();
  chosen[threadIdx.x] = 1;
}
