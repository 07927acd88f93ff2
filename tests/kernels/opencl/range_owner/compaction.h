// Shared helpers of the stream-compaction kernels.
#ifndef COMPACTION_H
#define COMPACTION_H

#define KEEP(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

// Reserves `count` output slots for the work-group with one atomic on the
// global counter and hands the first slot to every work-item.
inline uint reserve_for_group(volatile __global uint *counter, uint count) {
  uint base = 0;
  if (get_local_id(0) == 0)
    base = atomic_add(counter, count);
  return work_group_broadcast(base, 0);
}

#endif
