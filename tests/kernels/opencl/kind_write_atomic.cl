//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-atomic race on counter\[
// Work item 0 initialises the counter with a plain write while the
// others increment it atomically: the write is logged first.
__kernel void kind_write_atomic(__global int *counter) {
  int l = get_local_id(0);
  counter[l % 8] = 0;
  atomic_inc(&counter[0]);
}
