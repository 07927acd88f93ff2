//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible null pointer access|undefined behaviour reached
// `dst` stays null for every thread but the first of the block: the store
// through it is undefined behaviour that LLVM's simplifycfg would delete
// (keeping only the path where threadIdx.x == 0).
__global__ void first_thread_result(int *results, const int *in) {
  int *dst = nullptr;
  if (threadIdx.x == 0)
    dst = &results[blockIdx.x];
  *dst = in[blockIdx.x * blockDim.x + threadIdx.x];
}
