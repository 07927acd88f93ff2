//pass
//--local_size=256 --num_groups=128 -Itests/kernels/realistic/opencl/include -DWG_SIZE=256
// Reductions from the vendor SDK samples: local-memory tree (two forms),
// the unrolled variant with a compile-time work-group size, vectorised
// loads, and a two-stage min/max.
#include "common.h"

__kernel void reduce_interleaved(__global const uint *input, __global uint *output, __local uint *sdata) {
  unsigned int tid = get_local_id(0);
  unsigned int i = get_global_id(0);
  sdata[tid] = input[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned int s = 1; s < get_local_size(0); s *= 2) {
    int index = 2 * s * tid;
    if (index < get_local_size(0)) sdata[index] += sdata[index + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

__kernel void reduce_sequential(__global const float *input, __global float *output, __local float *sdata,
                                const unsigned int n) {
  unsigned int tid = get_local_id(0);
  unsigned int i = get_group_id(0) * (get_local_size(0) * 2) + get_local_id(0);
  sdata[tid] = (i < n) ? input[i] : 0;
  if (i + get_local_size(0) < n) sdata[tid] += input[i + get_local_size(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void reduce_unrolled(__global const real_t *g_idata, __global real_t *g_odata, const unsigned int n) {
  __local real_t sdata[WG_SIZE];
  unsigned int tid = get_local_id(0);
  unsigned int i = get_group_id(0) * (WG_SIZE * 2) + tid;
  unsigned int gridSize = WG_SIZE * 2 * get_num_groups(0);
  real_t sum = 0;
  while (i < n) {
    sum += g_idata[i];
    if (i + WG_SIZE < n) sum += g_idata[i + WG_SIZE];
    i += gridSize;
  }
  sdata[tid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
#if WG_SIZE >= 512
  if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256];
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
#if WG_SIZE >= 256
  if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128];
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
#if WG_SIZE >= 128
  if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  for (unsigned int s = 32; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) g_odata[get_group_id(0)] = sdata[0];
}

__kernel void reduce_vec4(__global const float4 *input, __global float *output, __local float4 *sdata) {
  unsigned int tid = get_local_id(0);
  unsigned int gid = get_global_id(0);
  sdata[tid] = input[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned int s = get_local_size(0) >> 1; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) {
    float4 v = sdata[0];
    output[get_group_id(0)] = v.x + v.y + v.z + v.w;
  }
}

__kernel void minmax_stage1(__global const float *data, __global float2 *partials, __local float2 *scratch, int length) {
  int global_index = get_global_id(0);
  float2 acc = (float2)(INFINITY, -INFINITY);
  while (global_index < length) {
    float e = data[global_index];
    acc = (float2)(fmin(acc.x, e), fmax(acc.y, e));
    global_index += get_global_size(0);
  }
  int local_index = get_local_id(0);
  scratch[local_index] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = get_local_size(0) / 2; offset > 0; offset = offset / 2) {
    if (local_index < offset) {
      float2 other = scratch[local_index + offset];
      float2 mine = scratch[local_index];
      scratch[local_index] = (float2)(fmin(mine.x, other.x), fmax(mine.y, other.y));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (local_index == 0) partials[get_group_id(0)] = scratch[0];
}
