//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on winner\[0\]
// Every work-group has its own __local counter, so every group has a work
// item that receives slot 0: they all write winner[0] (a race between
// groups, even though each group's slots are distinct).
#include "include/work_queue.h"

__kernel void elect_winner(__global const int *votes, __global int *winner) {
  __local int tail;
  queue_reset(&tail);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (votes[get_global_id(0)] > 0) {
    int slot = atomic_inc(&tail);
    if (slot == 0)
      winner[0] = get_global_id(0);
  }
}
