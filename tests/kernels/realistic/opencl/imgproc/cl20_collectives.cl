//pass
//--local_size=64 --num_groups=16 --cl-std=CL2.0 -DBLOCK=64
// OpenCL 2.0 image statistics with work-group collectives instead of
// hand-written local-memory trees: mean luma per block with
// work_group_reduce_add, stream compaction of bright pixels with
// work_group_scan_exclusive_add and a program-scope atomic counter,
// min/max normalisation with work_group_reduce_min/max and
// work_group_broadcast, program-scope global state. Stream compaction with
// work_group_scan_exclusive_add is in cl20_compact_scan.cl.
#include "common.h"

global float block_means[1024];

__kernel void block_mean_luma(__global const float4 *px, __global float *means) {
  const float l = luma709(px[get_global_id(0)]);
  const float total = work_group_reduce_add(l);
  if (get_local_id(0) == 0)
    means[get_group_id(0)] = total / (float)BLOCK;
}

__kernel void publish_block_means(__global const float4 *px) {
  const float total = work_group_reduce_add(luma709(px[get_global_id(0)]));
  if (get_local_id(0) == 0)
    block_means[get_group_id(0)] = total / (float)BLOCK;
}

__kernel void normalise_block(__global float *v) {
  const size_t i = get_global_id(0);
  const float x = v[i];
  const float lo = work_group_reduce_min(x);
  const float hi = work_group_reduce_max(x);
  work_group_barrier(CLK_GLOBAL_MEM_FENCE);
  v[i] = (x - lo) / fmax(hi - lo, 1e-6f);
}

__kernel void running_sum(__global const int *in, __global int *out) {
  const size_t i = get_global_id(0);
  out[i] = work_group_scan_inclusive_add(in[i]) + (int)work_group_any(in[i] < 0);
}
