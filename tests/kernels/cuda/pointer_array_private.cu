//pass
//--blockDim=64 --gridDim=2
// Pointers kept in private memory: an array of pointers indexed by a
// run-time value, and a pointer local whose address is taken.
__device__ void advance(int **cursor, int by) { *cursor = *cursor + by; }

__global__ void pointer_array_private(int *a, int *b, int n) {
  int *targets[2] = {a, b};
  int *p = targets[n & 1];
  int *q = a;
  advance(&q, blockIdx.x * blockDim.x);
  p[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  q[threadIdx.x] += 2;
}
