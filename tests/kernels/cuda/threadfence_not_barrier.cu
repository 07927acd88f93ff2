//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
__global__ void threadfence_not_barrier(int *a) {
  a[threadIdx.x] = blockIdx.x;
  __threadfence();
  __threadfence_block();
  a[(threadIdx.x + 1) % 64] = 0;
}
