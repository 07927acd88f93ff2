//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible (atomic-write|write-atomic) race on tail
// Racy twin of atomic_slot_local_queue_reset.cl: the loop resets the
// queue at the top of each round, but no barrier separates the last
// round's pushes from the next reset.
#include "include/work_queue.h"

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
      kept[(r * get_num_groups(0) + get_group_id(0)) * 64 + queue_push(&tail, items, lid)] = v;
  }
}
