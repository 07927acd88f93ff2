//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Thread 0 writes the int w[1]; thread 1 writes byte 6 of the buffer,
// which is byte 2 of w[1].
__global__ void byte_race(int *w) {
  unsigned char *bytes = (unsigned char *)w;
  if (threadIdx.x == 0)
    w[1] = 0;
  if (threadIdx.x == 1)
    bytes[6] = 7;
}
