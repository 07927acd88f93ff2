//pass
//--local_size=64 --num_groups=2 --global_offset=5
__kernel void global_offset_and_dims(__global int *a) {
  int i = get_global_id(0) - get_global_offset(0);
  a[i] = get_work_dim() + get_num_groups(0) + get_group_id(0);
}
