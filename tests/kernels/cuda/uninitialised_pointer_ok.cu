//pass
//--blockDim=32 --gridDim=1
// Twin of uninitialised_pointer.cu: negative keys go to a slot of their own.
__device__ void store_to(int *where, int value) { *where = value; }

__global__ void scatter(int *out, int *rejected, const int *keys) {
  int *target = &rejected[threadIdx.x];
  int k = keys[threadIdx.x];
  if (k >= 0)
    target = &out[threadIdx.x];
  if (k < 0)
    *target = -1;
  else
    store_to(target, threadIdx.x);
}
