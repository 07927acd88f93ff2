//xfail:NOT_ALL_VERIFIED
//--local_size=[16,4] --num_groups=[8,1] --cl-std=CL2.0
//kernel `every_row_reserves`\): [0-9]+ possible defect
//race on out\[
// s11 review, attack on the range-owner fact with 2-D work-groups:
// `get_local_id(0) == 0` holds for one item per row, so four items reserve
// a row-long range each; the broadcast hands item (0,0)'s range to every
// row, whose items then write the same elements (the fact says only which
// group owns an element, never which item).

__kernel void every_row_reserves(__global int *out, volatile __global uint *count) {
  uint base = 0;
  if (get_local_id(0) == 0)
    base = atomic_add(count, (uint)get_local_size(0));
  base = work_group_broadcast(base, 0);
  out[base + get_local_id(0)] = (int)get_local_id(1);
}

