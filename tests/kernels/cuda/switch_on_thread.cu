//pass
//--blockDim=64 --gridDim=1
__global__ void switch_on_thread(int *a) {
  switch (threadIdx.x % 4) {
  case 0: a[threadIdx.x] = 1; break;
  case 3: a[threadIdx.x] = 2; break;
  default: a[threadIdx.x] = 0;
  }
}
