//pass
//--local_size=[8,8] --num_groups=[4,4] --kernel-args=matrix_multiply_tiled,32
#define TS 8
__kernel void matrix_multiply_tiled(__global const float *A, __global const float *B, __global float *C, int n) {
  __local float As[TS][TS], Bs[TS][TS];
  int tx = get_local_id(0), ty = get_local_id(1);
  int row = get_global_id(1), col = get_global_id(0);
  float acc = 0.0f;
  for (int t = 0; t < n / TS; t++) {
    As[ty][tx] = A[row * n + t * TS + tx];
    Bs[ty][tx] = B[(t * TS + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++) acc += As[ty][k] * Bs[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
