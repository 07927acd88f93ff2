//pass
//--local_size=[8,8] --num_groups=2
__kernel void variable_dimension(__global int *a, uint d) {
  a[get_global_id(0) + get_global_size(0) * get_global_id(1)] = get_local_id(d);
}
