//pass
//--local_size=16 --num_groups=1 --check-array-bounds
// The loop of bounds_loop_off_by_one.cl with the right bound.
__kernel void bounds_loop_in_range(__global int *out) {
  int acc[8];
  for (int i = 0; i < 8; i++) {
    acc[i] = i * (int)get_local_id(0);
  }
  out[get_global_id(0)] = acc[3];
}
