//pass
//--blockDim=[8,8] --gridDim=[64,64] --kernel-args=CUDAkernel2DCT,512 --kernel-args=CUDAkernel1DCT,512,0,0
// 8x8 DCT by blocks: each 8x8 thread block loads one block of the image
// into shared memory, transforms the rows, then the columns, in place
// with barriers between the passes.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#define BLOCK_SIZE 8
#define BLOCK_SIZE_LOG2 3

__constant__ float DCTv8matrix[BLOCK_SIZE * BLOCK_SIZE];

__device__ void CUDAsubroutineInplaceDCTvector(float *Vect0, int Step) {
  float *Vect1 = Vect0 + Step, *Vect2 = Vect1 + Step, *Vect3 = Vect2 + Step;
  float *Vect4 = Vect3 + Step, *Vect5 = Vect4 + Step, *Vect6 = Vect5 + Step, *Vect7 = Vect6 + Step;
  float X07P = (*Vect0) + (*Vect7);
  float X16P = (*Vect1) + (*Vect6);
  float X25P = (*Vect2) + (*Vect5);
  float X34P = (*Vect3) + (*Vect4);
  float X07M = (*Vect0) - (*Vect7);
  float X61M = (*Vect6) - (*Vect1);
  float X25M = (*Vect2) - (*Vect5);
  float X43M = (*Vect4) - (*Vect3);
  float X07P34PP = X07P + X34P;
  float X07P34PM = X07P - X34P;
  float X16P25PP = X16P + X25P;
  float X16P25PM = X16P - X25P;
  (*Vect0) = 0.353553f * (X07P34PP + X16P25PP);
  (*Vect2) = 0.461940f * X07P34PM + 0.191342f * X16P25PM;
  (*Vect4) = 0.353553f * (X07P34PP - X16P25PP);
  (*Vect6) = 0.191342f * X07P34PM - 0.461940f * X16P25PM;
  (*Vect1) = 0.490393f * X07M - 0.097545f * X61M + 0.415735f * X25M - 0.277785f * X43M;
  (*Vect3) = 0.415735f * X07M + 0.490393f * X61M - 0.277785f * X25M - 0.097545f * X43M;
  (*Vect5) = 0.277785f * X07M - 0.415735f * X61M - 0.097545f * X25M + 0.490393f * X43M;
  (*Vect7) = 0.097545f * X07M - 0.277785f * X61M + 0.490393f * X25M + 0.415735f * X43M;
}

__global__ void CUDAkernel2DCT(float *dst, float *src, int ImgStride) {
  __shared__ float block[BLOCK_SIZE * (BLOCK_SIZE + 1)];
  int OffsThreadInRow = threadIdx.y * BLOCK_SIZE + threadIdx.x;
  int OffsThreadInCol = threadIdx.z * BLOCK_SIZE;
  src += ((blockIdx.y * BLOCK_SIZE + OffsThreadInCol) * ImgStride) + blockIdx.x * BLOCK_SIZE;
  dst += ((blockIdx.y * BLOCK_SIZE + OffsThreadInCol) * ImgStride) + blockIdx.x * BLOCK_SIZE;
  float *bl_ptr = block + threadIdx.y * (BLOCK_SIZE + 1) + threadIdx.x;
  *bl_ptr = src[threadIdx.y * ImgStride + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) CUDAsubroutineInplaceDCTvector(block + threadIdx.y * (BLOCK_SIZE + 1), 1);
  __syncthreads();
  if (threadIdx.y == 0) CUDAsubroutineInplaceDCTvector(block + threadIdx.x, BLOCK_SIZE + 1);
  __syncthreads();
  dst[threadIdx.y * ImgStride + threadIdx.x] = *bl_ptr;
}

__global__ void CUDAkernel1DCT(float *Dst, int ImgWidth, int OffsetXBlocks, int OffsetYBlocks,
                               cudaTextureObject_t TexSrc) {
  const int bx = blockIdx.x + OffsetXBlocks;
  const int by = blockIdx.y + OffsetYBlocks;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  __shared__ float CurBlockLocal1[BLOCK_SIZE * BLOCK_SIZE];
  __shared__ float CurBlockLocal2[BLOCK_SIZE * BLOCK_SIZE];
  const float tex_x = (float)((bx << BLOCK_SIZE_LOG2) + tx) + 0.5f;
  const float tex_y = (float)((by << BLOCK_SIZE_LOG2) + ty) + 0.5f;
  CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = tex2D<float>(TexSrc, tex_x, tex_y);
  __syncthreads();
  float curelem = 0;
  int DCTv8matrixIndex = 0 * BLOCK_SIZE + ty;
  int CurBlockLocal1Index = 0 * BLOCK_SIZE + tx;
#pragma unroll
  for (int i = 0; i < BLOCK_SIZE; i++) {
    curelem += DCTv8matrix[DCTv8matrixIndex] * CurBlockLocal1[CurBlockLocal1Index];
    DCTv8matrixIndex += BLOCK_SIZE;
    CurBlockLocal1Index += BLOCK_SIZE;
  }
  CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
  __syncthreads();
  curelem = 0;
  int CurBlockLocal2Index = (ty << BLOCK_SIZE_LOG2) + 0;
  DCTv8matrixIndex = 0 * BLOCK_SIZE + tx;
#pragma unroll
  for (int i = 0; i < BLOCK_SIZE; i++) {
    curelem += CurBlockLocal2[CurBlockLocal2Index] * DCTv8matrix[DCTv8matrixIndex];
    CurBlockLocal2Index += 1;
    DCTv8matrixIndex += BLOCK_SIZE;
  }
  __syncthreads();
  CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
  __syncthreads();
  Dst[((by << BLOCK_SIZE_LOG2) + ty) * ImgWidth + ((bx << BLOCK_SIZE_LOG2) + tx)] = CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx];
}
