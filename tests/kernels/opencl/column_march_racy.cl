//xfail:NOT_ALL_VERIFIED
//--local_size=[16,8] --num_groups=[4,4] --kernel-args=march_rows_not_planes,64,32,40
//possible write-write race on out
// The twin of column_march.cl stepping by a row instead of a plane:
// work-item (x, y) writes at z = 1 the element work-item (x, y + 1)
// writes at z = 0.
inline int plane_size(int nx, int ny) { return nx * ny; }

__kernel void march_rows_not_planes(__global const float *in, __global float *out, int nx, int ny, int nz) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int slice = plane_size(nx, ny);
  int idx = y * nx + x;
  for (int z = 0; z < nz && idx < nz * slice; z++) {
    out[idx] = 2.0f * in[idx];
    idx += nx;
  }
}
