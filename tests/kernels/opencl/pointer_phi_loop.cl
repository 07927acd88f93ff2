//pass
//--local_size=64 --num_groups=4
__kernel void pointer_phi_loop(__global int *a, int n) {
  __global int *p = a + get_global_id(0) * n;
  for (int i = 0; i < n; i++) {
    *p = i;
    p++;
  }
}
