//pass
//--local_size=256 --num_groups=64 -Itests/kernels/realistic/opencl/sdk -DLOCAL_SIZE=256 --kernel-args=fwtBatch2Kernel,16384,2048
// Fast Walsh-Hadamard transform as the SDK sample structures it: the
// global radix-2 passes (one kernel launch per stride, the stride a kernel
// argument; verified here for the launch with stride 2048: an arbitrary
// stride that is not a power of two makes butterflies overlap), and the in-local-memory pass for the last log2(2*LOCAL_SIZE)
// strides; plus the point-wise modulation of two spectra.
#include "sdk_common.h"

// One butterfly per work-item; stride = the pass's half-size (a power of two).
__kernel void fwtBatch2Kernel(__global float *d_Output, __global const float *d_Input,
                              int N, int stride) {
  const int pos = get_global_id(0);
  const int lo = pos & (stride - 1);
  const int i0 = ((pos - lo) << 1) + lo;
  const int i1 = i0 + stride;
  if (i1 < N) {
    float D0 = d_Input[i0];
    float D1 = d_Input[i1];
    d_Output[i0] = D0 + D1;
    d_Output[i1] = D0 - D1;
  }
}

// 2*LOCAL_SIZE elements per group, transformed in local memory.
__kernel void fwtBatch1Kernel(__global float *d_Output, __global const float *d_Input) {
  __local float s_data[2 * LOCAL_SIZE];
  const int lid = get_local_id(0);
  const int base = get_group_id(0) * 2 * LOCAL_SIZE;
  s_data[lid] = d_Input[base + lid];
  s_data[lid + LOCAL_SIZE] = d_Input[base + lid + LOCAL_SIZE];
  for (int stride = LOCAL_SIZE; stride >= 1; stride >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
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

__kernel void modulateKernel(__global float *d_A, __global const float *d_B, int N) {
  const int tid = get_global_id(0);
  const int numThreads = get_global_size(0);
  const float rcpN = 1.0f / (float)N;
  for (int pos = tid; pos < N; pos += numThreads)
    d_A[pos] *= d_B[pos] * rcpN;
}
