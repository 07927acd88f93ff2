//pass
//--blockDim=64 --gridDim=2
// Twin of null_pointer_on_some_path.cu: the pointer is non-null on every
// path, and the programmer's __builtin_unreachable() / __builtin_assume()
// are assumptions (the block size is 64, as the launch says).
__device__ int *pick(int *results, int *scratch, unsigned t) {
  if (t == 0)
    return &results[blockIdx.x];
  return &scratch[blockIdx.x * blockDim.x + t];
}

__global__ void first_thread_result(int *results, int *scratch, const int *in) {
  __builtin_assume(blockDim.x == 64);
  unsigned t = threadIdx.x;
  if (t >= 64)
    __builtin_unreachable();
  int *dst = pick(results, scratch, t);
  *dst = in[blockIdx.x * blockDim.x + t];
}
