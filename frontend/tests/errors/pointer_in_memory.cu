// expect: 4 a pointer stored to memory
__global__ void pointer_in_memory(int *a, int *b) {
  int *ptrs[2] = {a, b};
  *ptrs[threadIdx.x % 2] = 1;
}
