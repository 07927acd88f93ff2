//pass
//--local_size=[16,16] --num_groups=[40,20] -DBLOCK_SIZE=16 --kernel-args=matrixMul,320,640 --kernel-args=matrixMulVec,320,640
// Tiled matrix multiply (SDK sample) with local tiles passed as kernel
// arguments, and a variant with float4 loads of B.
#define AS(i, j) As[j + i * BLOCK_SIZE]
#define BS(i, j) Bs[j + i * BLOCK_SIZE]

__kernel __attribute__((reqd_work_group_size(BLOCK_SIZE, BLOCK_SIZE, 1)))
void matrixMul(__global float *C, __global float *A, __global float *B, __local float *As, __local float *Bs,
               int uiWA, int uiWB) {
  int bx = get_group_id(0);
  int by = get_group_id(1);
  int tx = get_local_id(0);
  int ty = get_local_id(1);
  int aBegin = uiWA * BLOCK_SIZE * by;
  int aEnd = aBegin + uiWA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * uiWB;
  float Csub = 0.0f;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    AS(ty, tx) = A[a + uiWA * ty + tx];
    BS(ty, tx) = B[b + uiWB * ty + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) Csub += AS(ty, k) * BS(k, tx);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[get_global_id(1) * get_global_size(0) + get_global_id(0)] = Csub;
}

__kernel void matrixMulVec(__global float *C, __global const float *A, __global const float *B, int wA, int wB) {
  __local float Asub[BLOCK_SIZE][BLOCK_SIZE];
  __local float Bsub[BLOCK_SIZE][BLOCK_SIZE];
  int row = get_local_id(1), col = get_local_id(0);
  int globalRow = get_global_id(1), globalCol = get_global_id(0);
  float acc = 0.0f;
  int numTiles = wA / BLOCK_SIZE;
  for (int t = 0; t < numTiles; t++) {
    Asub[row][col] = A[globalRow * wA + t * BLOCK_SIZE + col];
    Bsub[row][col] = B[(t * BLOCK_SIZE + row) * wB + globalCol];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < BLOCK_SIZE; k++) acc = mad(Asub[row][k], Bsub[k][col], acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[globalRow * wB + globalCol] = acc;
}
