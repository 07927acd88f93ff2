//pass
//--local_size=64 --num_groups=2
__kernel void break_continue(__global int *a, int n) {
  int i = get_global_id(0);
  int sum = 0;
  for (int k = 0; k < n; k++) {
    if (k % 2) continue;
    if (sum > 100) break;
    sum += k;
  }
  a[i] = sum;
}
