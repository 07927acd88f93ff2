//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//global_invariant_predicated_false.cl:15:10: error: loop invariant might not hold on entry
// A __global_invariant true only of the work items running the loop
// (t < 32): it must hold for every work item, enabled or not, so the work
// items that skip the loop falsify it. (As __invariant it would hold.)
__kernel void head_rows(__global float *m, int width, int rows) {
  __requires(width == 256);
  __requires(rows == 8);
  int t = get_local_id(0);
  int g = get_group_id(0);
  if (t < 32) {
    for (int r = 0;
         __invariant(r >= 0 & r <= rows),
         __global_invariant(t < 32),
         r < rows; r++) {
      m[(g * rows + r) * width + t] = 0.0f;
    }
  }
}
