//pass
//--local_size=[16,16] --num_groups=[8,8] --kernel-args=transpose_local,128
#define T 16
__kernel void transpose_local(__global const float *in, __global float *out, int n) {
  __local float tile[T][T + 1];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_group_id(0) * T, gy = get_group_id(1) * T;
  tile[ly][lx] = in[(gy + ly) * n + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + ly) * n + gy + lx] = tile[lx][ly];
}
