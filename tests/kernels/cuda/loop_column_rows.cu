//pass
//--blockDim=64 --gridDim=4
// Each thread walks down its column of a row-major matrix.
#define W 256
__global__ void loop_column_rows(float *m, int rows) {
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rows; r++)
    m[r * W + col] += 1.0f;
}
