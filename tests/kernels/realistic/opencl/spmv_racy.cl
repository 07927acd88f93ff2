//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=256 --kernel-args=spmv_csr_vector_nobarrier,32768
//race on vals
// CSR vector SpMV whose local reduction has no barriers (it relied on the
// 32 work-items of a row running in lock step, which OpenCL does not promise).
__kernel void spmv_csr_vector_nobarrier(const int num_rows, __global const int *ptr, __global const int *indices,
                                        __global const float *data, __global const float *x, __global float *y) {
  __local volatile float vals[128];
  int lid = get_local_id(0);
  int lane = get_global_id(0) & 31;
  int row = get_global_id(0) / 32;
  float sum = 0.0f;
  if (row < num_rows)
    for (int jj = ptr[row] + lane; jj < ptr[row + 1]; jj += 32) sum += data[jj] * x[indices[jj]];
  vals[lid] = sum;
  if (lane < 16) vals[lid] += vals[lid + 16];
  if (lane < 8) vals[lid] += vals[lid + 8];
  if (lane < 4) vals[lid] += vals[lid + 4];
  if (lane < 2) vals[lid] += vals[lid + 2];
  if (lane < 1) vals[lid] += vals[lid + 1];
  if (lane == 0 && row < num_rows) y[row] = vals[lid];
}
