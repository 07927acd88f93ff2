// A work-group's local work queue: a counter handing out slots of a
// __local array, reset by the first work item before each round.
#ifndef WORK_QUEUE_H
#define WORK_QUEUE_H

#define QUEUE_CAPACITY 64

inline void queue_reset(volatile __local int *tail) {
  if (get_local_id(0) == 0)
    *tail = 0;
}

inline int queue_push(volatile __local int *tail, __local int *items, int item) {
  int slot = atomic_inc(tail);
  items[slot] = item;
  return slot;
}

#endif
