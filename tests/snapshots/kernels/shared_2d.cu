//xfail:NOT_ALL_VERIFIED
//--blockDim=[2,2] --gridDim=1
// CUDA, 2-D block: thread (1, 1, 0) writes the shared tile's element 3
// that thread (0, 0, 0) reads without a barrier in between.
__global__ void shared_2d(int *out) {
  __shared__ int tile[4];
  int t = threadIdx.y * 2 + threadIdx.x;
  tile[t] = t;
  if (t == 0)
    out[0] = tile[3];
}
