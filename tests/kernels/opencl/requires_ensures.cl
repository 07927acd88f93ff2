//pass
//--local_size=64 --num_groups=2
int clampi(int x, int hi) {
  __requires(hi >= 0);
  __ensures(__return_val_int() <= hi);
  return x > hi ? hi : x;
}
__kernel void requires_ensures(__global int *a) {
  a[get_global_id(0)] = clampi(a[get_global_id(0)], 9);
}
