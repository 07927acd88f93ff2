//pass
//--local_size=8 --num_groups=1 --findbugs
// Bounded: no defect within two iterations.
__kernel void findbugs_loop(__global int *A, int n) {
  int lid = get_local_id(0);
  for (int i = 0; i < n; i++)
    A[lid * 4 + i % 4] = i;
}
