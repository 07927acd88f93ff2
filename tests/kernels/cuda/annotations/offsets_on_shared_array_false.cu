//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//offsets_on_shared_array_false.cu:9:8: error: loop invariant might not be maintained
// The loop writes the neighbour's slot too: the offset invariant breaks.
__global__ void stage(int *out) {
  __shared__ int s[65];
  int l = threadIdx.x;
  for (int k = 0;
       __invariant(__write_implies(s, __write_offset_bytes(s) / 4 == l)),
       k < 4; k++) {
    s[l + (k & 1)] = k;
  }
  __syncthreads();
  out[blockIdx.x * 64 + l] = s[l];
}
