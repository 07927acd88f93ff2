//pass
//--local_size=64 --num_groups=8
//the atomic counter `tail` is only incremented between its resets
// BFS-style frontier expansion with a per-work-group queue in local memory:
// the tail counter is reset by work item 0, a barrier orders the reset
// before the pushes, and each push gets a slot of its own. The second
// kernel runs several rounds, resetting the queue between barriers.
#include "include/work_queue.h"

__kernel void expand_frontier(__global const int *frontier, __global const int *degree,
                              __global int *next, __global int *next_count) {
  __local int tail;
  __local int items[QUEUE_CAPACITY];
  const int lid = get_local_id(0);
  queue_reset(&tail);
  barrier(CLK_LOCAL_MEM_FENCE);
  int node = frontier[get_global_id(0)];
  if (degree[node] > 0)
    queue_push(&tail, items, node);
  barrier(CLK_LOCAL_MEM_FENCE);
  const int count = tail;
  if (lid < count)
    next[get_group_id(0) * QUEUE_CAPACITY + lid] = items[lid];
  if (lid == 0)
    next_count[get_group_id(0)] = count;
}

__kernel void filter_rounds(__global const float *values, __global float *kept, float threshold,
                            int rounds) {
  __local int tail;
  __local int items[QUEUE_CAPACITY];
  const int lid = get_local_id(0);
  for (int r = 0; r < rounds; ++r) {
    queue_reset(&tail);
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = values[(r * get_num_groups(0) + get_group_id(0)) * 64 + lid];
    if (v > threshold)
      queue_push(&tail, items, lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < tail)
      kept[(r * get_num_groups(0) + get_group_id(0)) * 64 + lid] = (float)items[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
