//pass
//--blockDim=64 --gridDim=1
// An empty asm statement with a memory clobber is a compiler fence: no
// effect on the verification.
__global__ void publish(volatile int *flags, int *data) {
  data[threadIdx.x] = threadIdx.x;
  asm volatile("" ::: "memory");
  flags[threadIdx.x] = 1;
}
