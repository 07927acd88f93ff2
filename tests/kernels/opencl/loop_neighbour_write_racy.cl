//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//race on acc\[
// Each work-item writes its neighbour's element in a loop.
__kernel void loop_neighbour_write_racy(__global int *acc, int n) {
  unsigned g = get_global_id(0);
  for (int k = 0; k < n; k++) {
    acc[g] += k;
    acc[g + 1] = k;
  }
}
