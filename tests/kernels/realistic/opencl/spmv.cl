//pass
//--local_size=128 --num_groups=256 --kernel-args=spmv_csr_scalar,32768 --kernel-args=spmv_csr_vector,32768 --kernel-args=spmv_ell,32768,27
// SpMV kernels of the benchmark suites: CSR scalar, CSR vector (a
// sub-group of 32 work-items per row, local-memory reduction), ELLPACK.
#define VECTOR_SIZE 32

__kernel void spmv_csr_scalar(const int num_rows, __global const int *ptr, __global const int *indices,
                              __global const float *data, __global const float *x, __global float *y) {
  int row = get_global_id(0);
  if (row < num_rows) {
    float dot = 0.0f;
    for (int jj = ptr[row]; jj < ptr[row + 1]; jj++) dot += data[jj] * x[indices[jj]];
    y[row] = dot;
  }
}

__kernel void spmv_csr_vector(const int num_rows, __global const int *ptr, __global const int *indices,
                              __global const float *data, __global const float *x, __global float *y) {
  __local float vals[128];
  int thread_id = get_global_id(0);
  int lid = get_local_id(0);
  int lane = thread_id & (VECTOR_SIZE - 1);
  int row = thread_id / VECTOR_SIZE;
  float sum = 0.0f;
  if (row < num_rows) {
    for (int jj = ptr[row] + lane; jj < ptr[row + 1]; jj += VECTOR_SIZE) sum += data[jj] * x[indices[jj]];
  }
  vals[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = VECTOR_SIZE / 2; s > 0; s >>= 1) {
    if (lane < s) vals[lid] += vals[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lane == 0 && row < num_rows) y[row] = vals[lid];
}

__kernel void spmv_ell(const int num_rows, const int max_cols, __global const int *indices, __global const float *data,
                       __global const float *x, __global float *y) {
  int row = get_global_id(0);
  if (row < num_rows) {
    float dot = 0.0f;
    for (int n = 0; n < max_cols; n++) {
      int col = indices[num_rows * n + row];
      if (col >= 0) dot += data[num_rows * n + row] * x[col];
    }
    y[row] = dot;
  }
}
