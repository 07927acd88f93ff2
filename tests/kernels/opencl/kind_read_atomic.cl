//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible read-atomic race on counter\[
// A plain read of the counter, then an atomic on it.
__kernel void kind_read_atomic(__global int *counter, __global int *out) {
  int before = counter[0];
  atomic_add(&counter[0], 1);
  out[get_global_id(0)] = before;
}
