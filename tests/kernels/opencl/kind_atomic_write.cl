//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible atomic-write race on counter\[
// An atomic add followed by a plain reset of the counter.
__kernel void kind_atomic_write(__global int *counter) {
  atomic_add(&counter[0], 2);
  counter[0] = 0;
}
