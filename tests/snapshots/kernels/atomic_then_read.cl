//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Item 1 increments the counter atomically, item 0 reads it plainly.
__kernel void atomic_then_read(__global int *counter, __global int *out) {
  int lid = get_local_id(0);
  if (lid == 1)
    atomic_inc(&counter[0]);
  if (lid == 0)
    out[0] = counter[0];
}
