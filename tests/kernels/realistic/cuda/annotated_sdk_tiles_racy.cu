//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
//annotated_sdk_tiles_racy.cu \(kernel `transposeCoalesced`\): \d+ possible defect
//annotated_sdk_tiles_racy.cu \(kernel `convolutionColumns`\): \d+ possible defect
// annotated_sdk_tiles.cu with one bug each: the transpose and the
// convolution both read the shared tile before the __syncthreads that
// orders the other threads' writes.
#include <cuda_runtime.h>

#define TILE_DIM 16
#define KERNEL_RADIUS 4

__global__ void transposeCoalesced(float *odata, const float *idata,
                                   int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  __requires(width == TILE_DIM * gridDim.x);
  __requires(height == TILE_DIM * gridDim.y);
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = idata[y * width + x];
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  odata[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

__global__ void convolutionColumns(float *d_Dst, const float *d_Src,
                                   int imageW, int imageH) {
  __shared__ float s_Data[TILE_DIM + 2 * KERNEL_RADIUS][TILE_DIM];
  __requires(imageW == TILE_DIM * gridDim.x);
  __requires(imageH == TILE_DIM * gridDim.y);
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int baseY = blockIdx.y * TILE_DIM - KERNEL_RADIUS;
  for (int r = threadIdx.y;
       __invariant(r % TILE_DIM == threadIdx.y),
       __invariant(__write_implies(s_Data, __write_offset_bytes(s_Data) / sizeof(float) % TILE_DIM == threadIdx.x)),
       r < TILE_DIM + 2 * KERNEL_RADIUS; r += TILE_DIM) {
    int y = baseY + r;
    s_Data[r][threadIdx.x] = (y >= 0 && y < imageH) ? d_Src[y * imageW + x] : 0.0f;
  }
  float sum = 0.0f;
  for (int j = -KERNEL_RADIUS; __invariant(j >= -KERNEL_RADIUS), j <= KERNEL_RADIUS; j++) {
    int row = threadIdx.y + KERNEL_RADIUS + j;
    __assert(__implies(j >= -KERNEL_RADIUS & j <= KERNEL_RADIUS, row >= 0 & row < TILE_DIM + 2 * KERNEL_RADIUS));
    sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[row][threadIdx.x];
  }
  __syncthreads();
  d_Dst[(blockIdx.y * TILE_DIM + threadIdx.y) * imageW + x] = sum;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 128 * 128 * sizeof(float));
  cudaMalloc(&b, 128 * 128 * sizeof(float));
  dim3 block(TILE_DIM, TILE_DIM), grid(8, 8);
  transposeCoalesced<<<grid, block>>>(b, a, 128, 128);
  convolutionColumns<<<grid, block>>>(b, a, 128, 128);
  cudaDeviceSynchronize();
  return 0;
}
