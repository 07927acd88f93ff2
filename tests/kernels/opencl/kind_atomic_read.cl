//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible atomic-read race on counter\[
// An atomic increment followed by a plain read of the counter.
__kernel void kind_atomic_read(__global int *counter, __global int *out) {
  atomic_inc(&counter[0]);
  out[get_global_id(0)] = counter[0];
}
