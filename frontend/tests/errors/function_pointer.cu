// expect: 4 function pointer
__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }
__global__ void function_pointer(int *a, bool up) {
  int (*f)(int) = up ? inc : dec;
  a[threadIdx.x] = f(a[threadIdx.x]);
}
