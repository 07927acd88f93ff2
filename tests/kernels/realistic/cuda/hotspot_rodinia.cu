//pass
//--blockDim=[16,16] --gridDim=[11,11] --kernel-args=calculate_temp,2,128,128,2,2,0.1,0.1,0.1,0.1,0.5
// Thermal simulation in the Rodinia style: each block loads a 16x16 tile
// of temperature and power into shared memory, runs `iteration` pyramid
// steps over the tile (the valid region shrinks by one cell per step), and
// the threads still inside the valid region write the result. Host code
// as in the benchmark: compute the pyramid geometry, launch, swap.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_SIZE 16
#define STR_SIZE 256
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void calculate_temp(int iteration, float *power, float *temp_src,
                               float *temp_dst, int grid_cols, int grid_rows,
                               int border_cols, int border_rows, float Cap,
                               float Rx, float Ry, float Rz, float step) {
  __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];

  float amb_temp = 80.0f;
  float step_div_Cap = step / Cap;
  float Rx_1 = 1 / Rx, Ry_1 = 1 / Ry, Rz_1 = 1 / Rz;

  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;

  // The output tile is smaller than the loaded one by the halo.
  int small_block_rows = BLOCK_SIZE - iteration * 2;
  int small_block_cols = BLOCK_SIZE - iteration * 2;
  int blkY = small_block_rows * by - border_rows;
  int blkX = small_block_cols * bx - border_cols;
  int blkYmax = blkY + BLOCK_SIZE - 1;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int yidx = blkY + ty;
  int xidx = blkX + tx;
  int loadYidx = yidx, loadXidx = xidx;
  int index = grid_cols * loadYidx + loadXidx;

  if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
    temp_on_cuda[ty][tx] = temp_src[index];
    power_on_cuda[ty][tx] = power[index];
  }
  __syncthreads();

  int validYmin = (blkY < 0) ? -blkY : 0;
  int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;

  int N = ty - 1, S = ty + 1, W = tx - 1, E = tx + 1;
  N = (N < validYmin) ? validYmin : N;
  S = (S > validYmax) ? validYmax : S;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;

  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
        IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
      computed = true;
      temp_t[ty][tx] = temp_on_cuda[ty][tx] +
                       step_div_Cap * (power_on_cuda[ty][tx] +
                                       (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * temp_on_cuda[ty][tx]) * Ry_1 +
                                       (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * temp_on_cuda[ty][tx]) * Rx_1 +
                                       (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
    }
    __syncthreads();
    if (i == iteration - 1)
      break;
    if (computed)
      temp_on_cuda[ty][tx] = temp_t[ty][tx];
    __syncthreads();
  }

  if (computed)
    temp_dst[index] = temp_t[ty][tx];
}

int compute_tran_temp(float *MatrixPower, float *MatrixTemp[2], int col, int row,
                      int total_iterations, int num_iterations, dim3 dimGrid,
                      dim3 dimBlock, int borderCols, int borderRows) {
  float grid_height = 0.016f / row, grid_width = 0.016f / col;
  float Cap = FACTOR_CHIP * SPEC_HEAT_SI * 0.0005f * grid_width * grid_height;
  float Rx = grid_width / (2.0f * K_SI * 0.0005f * grid_height);
  float Ry = grid_height / (2.0f * K_SI * 0.0005f * grid_width);
  float Rz = 0.0005f / (K_SI * grid_height * grid_width);
  float max_slope = MAX_PD / (FACTOR_CHIP * 0.0005f * SPEC_HEAT_SI);
  float step = PRECISION / max_slope;
  int src = 1, dst = 0;
  for (int t = 0; t < total_iterations; t += num_iterations) {
    int temp = src;
    src = dst;
    dst = temp;
    calculate_temp<<<dimGrid, dimBlock>>>(MIN(num_iterations, total_iterations - t), MatrixPower,
                                          MatrixTemp[src], MatrixTemp[dst], col, row,
                                          borderCols, borderRows, Cap, Rx, Ry, Rz, step);
  }
  return dst;
}

int main(int argc, char **argv) {
  int grid_rows = 128, grid_cols = 128, pyramid_height = 2, total_iterations = 60;
  int borderCols = pyramid_height * 2 / 2, borderRows = pyramid_height * 2 / 2;
  int smallBlockCol = BLOCK_SIZE - pyramid_height * 2;
  int smallBlockRow = BLOCK_SIZE - pyramid_height * 2;
  int blockCols = grid_cols / smallBlockCol + ((grid_cols % smallBlockCol == 0) ? 0 : 1);
  int blockRows = grid_rows / smallBlockRow + ((grid_rows % smallBlockRow == 0) ? 0 : 1);
  int size = grid_rows * grid_cols;
  float *MatrixTemp[2], *MatrixPower;
  cudaMalloc((void **)&MatrixTemp[0], sizeof(float) * size);
  cudaMalloc((void **)&MatrixTemp[1], sizeof(float) * size);
  cudaMalloc((void **)&MatrixPower, sizeof(float) * size);
  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  dim3 dimGrid(blockCols, blockRows);
  int ret = compute_tran_temp(MatrixPower, MatrixTemp, grid_cols, grid_rows, total_iterations,
                              pyramid_height, dimGrid, dimBlock, borderCols, borderRows);
  printf("result in buffer %d\n", ret);
  cudaFree(MatrixPower);
  cudaFree(MatrixTemp[0]);
  cudaFree(MatrixTemp[1]);
  return 0;
}
