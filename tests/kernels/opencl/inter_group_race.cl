//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
__kernel void inter_group_race(__global int *a) {
  a[get_local_id(0)] = get_group_id(0);
}
