//pass
//--local_size=[8,8] --num_groups=[2,2]
__kernel void nested_loops(__global int *m, int n) {
  int row = get_global_id(1);
  for (int j = 0; j < n; j++)
    for (int k = 0; k < 4; k++)
      m[(row * n + j) * 4 + k] = j * k;
}
