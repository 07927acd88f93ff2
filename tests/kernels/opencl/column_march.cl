//pass
//--local_size=[16,8] --num_groups=[4,4] --kernel-args=march_planes,64,32,40 --kernel-args=march_planes_back,64,32,40 -DSCALE=0.5f
// A 3-D volume walked plane by plane: each work-item owns one (x, y)
// column and steps its linear index by a whole plane (nx * ny), forwards
// (reading the plane behind) and backwards (in place).
#ifndef SCALE
#define SCALE 1.0f
#endif

inline int plane_size(int nx, int ny) { return nx * ny; }

__kernel void march_planes(__global const float *in, __global float *out, int nx, int ny, int nz) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int slice = plane_size(nx, ny);
  int idx = y * nx + x;
  float prev = 0.0f;
  for (int z = 0; z < nz; z++) {
    float v = in[idx];
    out[idx] = SCALE * (v + prev);
    prev = v;
    idx += slice;
  }
}

__kernel void march_planes_back(__global float *vol, int nx, int ny, int nz) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int slice = plane_size(nx, ny);
  int idx = (nz - 1) * slice + y * nx + x;
  for (int z = nz - 1; z >= 0; z--) {
    vol[idx] = vol[idx] * SCALE;
    idx -= slice;
  }
}
