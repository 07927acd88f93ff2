//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16 --cl-std=CL2.0 -DBLOCK=64
//Not verified: .*kernel `block_mean_divergent_reduce`
//Not verified: .*kernel `publish_block_means_every_item`
//Not verified: .*kernel `normalise_block_no_barrier`
// Collective and program-scope-global mistakes of cl20_collectives.cl.
#include "common.h"

global float block_means[1024];

// The reduction is reached only by the work-items of bright pixels.
__kernel void block_mean_divergent_reduce(__global const float4 *px, __global float *means) {
  const float l = luma709(px[get_global_id(0)]);
  if (l > 0.5f) {
    const float total = work_group_reduce_add(l);
    means[get_group_id(0)] = total;
  }
}

// Every work-item of the group writes the group's entry of a
// program-scope array.
__kernel void publish_block_means_every_item(__global const float4 *px) {
  const float l = luma709(px[get_global_id(0)]);
  block_means[get_group_id(0)] = l;
}

// Reads the neighbour's value that it may already have overwritten.
__kernel void normalise_block_no_barrier(__global float *v) {
  const size_t i = get_global_id(0);
  const float lo = work_group_reduce_min(v[i ^ 1]);
  v[i] = v[i] - lo;
}
