//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=64 -Itests/kernels/realistic/opencl/sdk -DLOCAL_SIZE=256 --kernel=fwtBatch1Kernel --kernel=fwtBatch2Kernel
//possible [a-z-]+ race on s_data\[
//possible [a-z-]+ race on d_Output\[
// The racy twin of FastWalshTransform.cl: the local pass lost the barrier
// at the top of its loop, and the global pass computes i0 with `lo` but
// forgets the shift, so two work-items' butterflies overlap.
#include "sdk_common.h"

__kernel void fwtBatch2Kernel(__global float *d_Output, __global const float *d_Input,
                              int N, int stride) {
  const int pos = get_global_id(0);
  const int lo = pos & (stride - 1);
  const int i0 = (pos - lo) + lo;
  const int i1 = i0 + stride;
  if (i1 < N) {
    float D0 = d_Input[i0];
    float D1 = d_Input[i1];
    d_Output[i0] = D0 + D1;
    d_Output[i1] = D0 - D1;
  }
}

__kernel void fwtBatch1Kernel(__global float *d_Output, __global const float *d_Input) {
  __local float s_data[2 * LOCAL_SIZE];
  const int lid = get_local_id(0);
  const int base = get_group_id(0) * 2 * LOCAL_SIZE;
  s_data[lid] = d_Input[base + lid];
  s_data[lid + LOCAL_SIZE] = d_Input[base + lid + LOCAL_SIZE];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = LOCAL_SIZE; stride >= 1; stride >>= 1) {
    const int lo = lid & (stride - 1);
    const int i0 = ((lid - lo) << 1) + lo;
    const int i1 = i0 + stride;
    float D0 = s_data[i0];
    float D1 = s_data[i1];
    s_data[i0] = D0 + D1;
    s_data[i1] = D0 - D1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  d_Output[base + lid] = s_data[lid];
  d_Output[base + lid + LOCAL_SIZE] = s_data[lid + LOCAL_SIZE];
}
