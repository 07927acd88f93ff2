//pass
//--local_size=64 --num_groups=2
__constant int table[4] = {1, 2, 4, 8};
__kernel void constant_table(__global int *out) {
  out[get_global_id(0)] = table[get_local_id(0) & 3];
}
