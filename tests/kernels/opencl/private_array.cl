//pass
//--local_size=64 --num_groups=2
__kernel void private_array(__global int *out) {
  int tmp[4];
  for (int k = 0; k < 4; k++) tmp[k] = k * get_local_id(0);
  out[get_global_id(0)] = tmp[get_local_id(0) % 4];
}
