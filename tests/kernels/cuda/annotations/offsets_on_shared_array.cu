//pass
//--blockDim=64 --gridDim=2
// Access annotations on a __shared__ array declared in the kernel.
__global__ void stage(int *out) {
  __shared__ int s[64];
  int l = threadIdx.x;
  for (int k = 0;
       __invariant(__write_implies(s, __write_offset_bytes(s) / 4 == l)),
       __invariant(__no_read(s)),
       k < 4; k++) {
    s[l] = k;
  }
  __syncthreads();
  out[blockIdx.x * 64 + l] = s[l];
}
