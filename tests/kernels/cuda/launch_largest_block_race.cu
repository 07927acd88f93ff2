//xfail:NOT_ALL_VERIFIED
//--blockDim=1024 --gridDim=4194303
//race on partial\[
// The largest launch in x that still fits 32-bit ids (2^32 - 2048 threads):
// it is modelled exactly, so the race inside one block is reported.

#define BLOCK 1024

__global__ void scale_rows(float *out, const float *in) {
  __shared__ float partial[BLOCK];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  partial[t % 32] = in[gid];          // threads t and t + 32 race
  __syncthreads();
  out[gid] = partial[t % 32] * 2.0f;
}
