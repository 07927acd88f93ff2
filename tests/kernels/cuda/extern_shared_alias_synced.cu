//pass
//--blockDim=64 --gridDim=4
// The race-free twin of extern_shared_alias_race.cu: the second view is
// written only after a barrier, and read back after another.
extern __shared__ int sa[];

__global__ void reverse_two_views(int *out) {
  extern __shared__ int sb[];
  int t = threadIdx.x;
  sa[t] = t;
  __syncthreads();
  int mirrored = sb[63 - t];
  __syncthreads();
  sb[t] = mirrored;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = sa[t];
}
