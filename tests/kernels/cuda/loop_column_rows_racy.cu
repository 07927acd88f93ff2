//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//race on m\[
// Each thread also writes its right neighbour's column.
#define W 256
__global__ void loop_column_rows_racy(float *m, int rows) {
  unsigned col = threadIdx.x;
  for (int r = 0; r < rows; r++) {
    m[r * W + col] += 1.0f;
    m[r * W + col + 1] = 0.0f;
  }
}
