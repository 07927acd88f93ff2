//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=3
//possible write-write race on a\[
//in work group
// Indexing a global array by the local id: every group writes the same
// elements, with different values.
__kernel void inter_group_local_id_index(__global int *a) {
  a[get_local_id(0)] = get_group_id(0);
}
