//xfail:NOT_ALL_VERIFIED
//--local_size=[2,2] --num_groups=[1,2] --no-benign-tolerance
// A 2-D launch: only work item (1, 1) of group (0, 1) and item (0, 0) of
// group (0, 0) write T[5]; ids print as (x, y, z).
__kernel void write_write_2d(__global int *T) {
  int x = get_local_id(0), y = get_local_id(1), g = get_group_id(1);
  if (x == 1 && y == 1 && g == 1)
    T[5] = 1;
  if (x == 0 && y == 0 && g == 0)
    T[5] = 2;
}
