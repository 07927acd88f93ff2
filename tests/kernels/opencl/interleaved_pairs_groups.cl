//pass
//--local_size=64 --num_groups=4
// Each work item owns elements 2g and 2g+1 of the whole launch.
__kernel void interleaved_pairs_groups(__global int *a, __global const int *b) {
  int g = get_global_id(0);
  a[2 * g] = b[2 * g + 1];
  a[2 * g + 1] = b[2 * g];
}
