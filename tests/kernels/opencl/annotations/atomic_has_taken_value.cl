//pass
//--local_size=64 --num_groups=4
// A work queue: each work item takes tickets from a global counter with
// atomic_inc. What the work item knows about the counter is what its own
// atomics returned: __atomic_has_taken_value states it, here for the last
// ticket and, as a loop invariant, for the first.
__kernel void take_tickets(__global unsigned *next, __global unsigned *slots,
                           __global unsigned *log) {
  unsigned first = atomic_inc(&next[0]);
  __assert(__atomic_has_taken_value(next, 0, first));
  unsigned last = first;
  for (int k = 0; __invariant(__atomic_has_taken_value(next, 0, first)), k < 3; k++) {
    last = atomic_inc(next);
    __assert(__atomic_has_taken_value(next, 0, last));
  }
  atomic_add(&slots[get_group_id(0)], 1u);
  log[get_global_id(0)] = last - first;
}
