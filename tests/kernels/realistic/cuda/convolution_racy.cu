//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,4] --gridDim=[24,768] --kernel-args=convolutionRowsApronBug,3072,3072,3072
//race on s_Data
// Row convolution whose right apron is loaded at the wrong offset: it
// overlaps the main tile of the neighbouring thread column.
#include <cuda_runtime.h>
#define KERNEL_RADIUS 8
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

__global__ void convolutionRowsApronBug(float *d_Dst, const float *d_Src, int imageW, int imageH, int pitch) {
  __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];
  const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
  const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
  d_Src += baseY * pitch + baseX;
  d_Dst += baseY * pitch + baseX;
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
  s_Data[threadIdx.y][threadIdx.x] = (baseX >= 0) ? d_Src[0] : 0;
  // wrong: should be (HALO + RESULT) * BLOCKDIM_X; this lands on the last result column
  s_Data[threadIdx.y][threadIdx.x + ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X + 1] =
      (imageW - baseX > ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X) ? d_Src[ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X] : 0;
  __syncthreads();
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
    float sum = 0;
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
      sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
    d_Dst[i * ROWS_BLOCKDIM_X] = sum;
  }
}
