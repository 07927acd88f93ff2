//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-write race on sa/sb\[
// Two extern __shared__ declarations name the same dynamic shared memory:
// sa[t] and sb[63 - t] are the same words for t and 63 - t.
extern __shared__ int sa[];

__global__ void reverse_two_views(int *out) {
  extern __shared__ int sb[];
  int t = threadIdx.x;
  sa[t] = t;
  sb[63 - t] = 2 * t;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = sa[t];
}
