//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//undefined behaviour reached|possible null pointer access
// A pointer read before it is set on one path: the store through the
// undefined value is undefined behaviour, which LLVM's optimiser turns into
// an assumption that the path is not taken (here: that no key is negative).
__device__ void store_to(int *where, int value) { *where = value; }

__global__ void scatter(int *out, const int *keys) {
  int *target;
  int k = keys[threadIdx.x];
  if (k >= 0)
    target = &out[k & 31];
  if (k < 0)
    *target = -1;
  else
    store_to(target, threadIdx.x);
}
