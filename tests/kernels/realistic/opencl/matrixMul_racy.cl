//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[40,20] --kernel-args=matrixMulTileIndexBug,320,640
//race on Asub
// The A tile stored with row and column swapped for one of the two
// indices: work-items (r, c) and (c, r) ... collide.
#define BLOCK_SIZE 16
__kernel void matrixMulTileIndexBug(__global float *C, __global const float *A, __global const float *B, int wA, int wB) {
  __local float Asub[BLOCK_SIZE][BLOCK_SIZE];
  __local float Bsub[BLOCK_SIZE][BLOCK_SIZE];
  int row = get_local_id(1), col = get_local_id(0);
  float acc = 0.0f;
  for (int t = 0; t < wA / BLOCK_SIZE; t++) {
    Asub[row][row] = A[get_global_id(1) * wA + t * BLOCK_SIZE + col];
    Bsub[row][col] = B[(t * BLOCK_SIZE + row) * wB + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < BLOCK_SIZE; k++) acc += Asub[row][k] * Bsub[k][col];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[get_global_id(1) * wB + get_global_id(0)] = acc;
}
