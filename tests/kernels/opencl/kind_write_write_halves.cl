//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-write race on a\[
// Work items 2k and 2k+1 write different values to a[k].
__kernel void kind_write_write_halves(__global int *a) {
  int l = get_local_id(0);
  a[l / 2] = l;
}
