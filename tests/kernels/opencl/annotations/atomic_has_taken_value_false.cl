//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//atomic_has_taken_value_false.cl:11:3: error: this assertion might not hold
// What __atomic_has_taken_value cannot say: which values the other work
// items took. Whether the next ticket was handed out depends on them, and
// a ticket taken from next[0] says nothing about next[1].
__kernel void take_tickets(__global unsigned *next, __global unsigned *log) {
  unsigned t = atomic_inc(next);
  __assert(__atomic_has_taken_value(next, 0, t));
  // Might not hold: another work item may have taken t + 1.
  __assert(!__atomic_has_taken_value(next, 0, t + 1));
  log[get_global_id(0)] = t;
}
