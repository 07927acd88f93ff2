//pass
//--blockDim=64 --gridDim=2
__global__ void assertions(int *a, int n) {
  __requires(n == 64);
  __assert(threadIdx.x < blockDim.x);
  __assume(blockDim.x == 64);
  a[blockIdx.x * n + threadIdx.x] = n;
  __global_assert(__uniform_int(n));
}
