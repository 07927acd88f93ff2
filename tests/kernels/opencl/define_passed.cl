//pass
//--local_size=64 --num_groups=2 -DWIDTH=64
#ifndef WIDTH
#error WIDTH must be defined
#endif
__kernel void define_passed(__global int *a) {
  a[get_group_id(0) * WIDTH + get_local_id(0)] = WIDTH;
}
