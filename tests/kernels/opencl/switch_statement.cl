//pass
//--local_size=64 --num_groups=2
__kernel void switch_statement(__global int *a) {
  int i = get_global_id(0);
  switch (a[i] & 3) {
  case 0: a[i] = 10; break;
  case 1: a[i] = 20; break;
  case 2: a[i] += 1;
  default: a[i] = -a[i];
  }
}
