//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible (read-write|write-read) race on buf
// `__non_temporal_loads_begin/end` do not hide a race: the bracketed
// loads are still race-checked.
__kernel void shift(__global int *buf) {
  int g = get_global_id(0);
  __non_temporal_loads_begin();
  int v = buf[g + 1];
  __non_temporal_loads_end();
  buf[g] = v;
}
