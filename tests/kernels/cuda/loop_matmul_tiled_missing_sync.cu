//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[1,1]
//race on
// Tiled matrix multiply without the second barrier: the next tile
// overwrites shared memory other threads still read.
#define T 16
#define N 64
__global__ void loop_matmul_tiled_missing_sync(const float *a, const float *b, float *c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  unsigned row = threadIdx.y, col = threadIdx.x;
  float acc = 0.0f;
  for (unsigned k = 0; k < N / T; k++) {
    as[threadIdx.y][threadIdx.x] = a[row * N + k * T + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(k * T + threadIdx.y) * N + col];
    __syncthreads();
    for (unsigned j = 0; j < T; j++) acc += as[threadIdx.y][j] * bs[j][threadIdx.x];
  }
  c[row * N + col] = acc;
}
