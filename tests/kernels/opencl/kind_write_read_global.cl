//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-read race on a\[
// A write of the own element, then a read of the neighbour's, no barrier.
__kernel void kind_write_read_global(__global int *a, __global int *out) {
  int g = get_global_id(0);
  a[g] = g;
  out[g] = a[(g + 1) % 64];
}
