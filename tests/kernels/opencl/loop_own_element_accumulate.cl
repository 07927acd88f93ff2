//pass
//--local_size=64 --num_groups=8
// Each work-item accumulates into its own element in a loop.
__kernel void loop_own_element_accumulate(__global int *acc, __global const int *x, int n) {
  unsigned g = get_global_id(0);
  for (int k = 0; k < n; k++)
    acc[g] += x[k];
}
