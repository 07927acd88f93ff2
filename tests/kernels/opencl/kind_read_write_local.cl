//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible read-write race on s\[
// Each work item reads its right neighbour's cell, then writes its own:
// the neighbour's write may come after the read (no barrier).
__kernel void kind_read_write_local(__global int *out) {
  __local int s[64];
  int l = get_local_id(0);
  int x = s[(l + 1) % 64];
  s[l] = 7;
  out[get_global_id(0)] = x;
}
