//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Tiled matrix multiply with shared tiles (square, N = 64).
#define T 16
#define N 64
__global__ void loop_matmul_tiled(const float *a, const float *b, float *c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  unsigned row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
  float acc = 0.0f;
  for (unsigned k = 0; k < N / T; k++) {
    as[threadIdx.y][threadIdx.x] = a[row * N + k * T + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(k * T + threadIdx.y) * N + col];
    __syncthreads();
    for (unsigned j = 0; j < T; j++) acc += as[threadIdx.y][j] * bs[j][threadIdx.x];
    __syncthreads();
  }
  c[row * N + col] = acc;
}
