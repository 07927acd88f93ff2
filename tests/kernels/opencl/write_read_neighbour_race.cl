//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
__kernel void write_read_neighbour_race(__local int *s, __global int *out) {
  int l = get_local_id(0);
  s[l] = l;
  out[l] = s[(l + 1) % 64];
}
