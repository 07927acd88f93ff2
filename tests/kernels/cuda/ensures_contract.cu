//pass
//--blockDim=32 --gridDim=1
__device__ int lane(int x) {
  __requires(x >= 0);
  __ensures(__return_val_int() >= 0);
  __ensures(__return_val_int() < 32);
  return x % 32;
}
__global__ void ensures_contract(int *a) {
  a[lane(threadIdx.x)] = 1;
}
