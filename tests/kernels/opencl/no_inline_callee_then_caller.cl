//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//possible write-read race on a
// The helper writes each thread's element (its postcondition says so);
// after the call the kernel reads the neighbour's element: a write-read
// race between an access in the callee and one in the caller.
void put(__global int *p, int i) {
  __requires(i == get_global_id(0));
  __requires(__ptr_offset_bytes(p) == 0);
  __requires(__no_write(p));
  __requires(__no_read(p));
  __ensures(__write_implies(p, __write_offset_bytes(p) == get_global_id(0) * 4));
  p[i] = 1;
}

__kernel void no_inline_callee_then_caller(__global int *a, __global int *b) {
  put(a, get_global_id(0));
  b[get_global_id(0)] = a[(get_global_id(0) + 1) % 128];
}
