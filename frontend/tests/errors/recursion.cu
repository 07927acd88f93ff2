// expect: 4 recursion (fact -> fact)
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__global__ void recursion(int *a) { a[threadIdx.x] = fact(threadIdx.x); }
