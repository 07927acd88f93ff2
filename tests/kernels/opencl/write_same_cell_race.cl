//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
__kernel void write_same_cell_race(__global int *out) {
  out[0] = get_local_id(0);
}
