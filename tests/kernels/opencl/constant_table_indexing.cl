//pass
//--local_size=64 --num_groups=4
// The contents of a __constant table decide the addresses: each work item
// writes out[perm[lid]] and perm is a permutation, so there is no race.
__constant int perm[8] = {3, 0, 7, 5, 1, 6, 2, 4};
__constant struct { short lo; char tag; } pairs[2] = {{-1, 'a'}, {7, 'b'}};
__kernel void constant_table_indexing(__global int *out) {
  int lid = get_local_id(0);
  int base = get_group_id(0) * 64 + (lid / 8) * 8;
  out[base + perm[lid % 8]] = pairs[lid & 1].lo;
  __assert(perm[2] == 7);
  __assert(pairs[1].tag == 'b');
}
