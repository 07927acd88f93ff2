//pass
//--local_size=64 --num_groups=4
// __global_invariant in a loop only some work items run (a predicated
// loop): as in GPUVerify it must hold for every work item, enabled or not,
// so it states facts true of all of them (the kernel's uniform
// parameters); __invariant states the per-work-item ones.
__kernel void head_rows(__global float *m, int width, int rows) {
  __requires(width == 256);
  __requires(rows == 8);
  int t = get_local_id(0);
  int g = get_group_id(0);
  if (t < 32) {
    for (int r = 0;
         __global_invariant(width == 256 & rows == 8),
         __invariant(r >= 0 & r <= rows),
         r < rows; r++) {
      m[(g * rows + r) * width + t] = 0.0f;
    }
  }
}
