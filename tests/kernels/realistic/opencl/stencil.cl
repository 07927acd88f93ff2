//pass
//--local_size=[32,8] --num_groups=[16,64] --kernel-args=heat_step,512,512,* --kernel-args=laplace_local,512,512 --kernel=heat_step --kernel=laplace_local
// 2-D stencils: a heat-equation step on ping-pong buffers and a 5-point
// Laplacian through a local tile with a halo (edge work-items load it).
#define BX 32
#define BY 8

__kernel void heat_step(__global const float *u, __global float *unew, int nx, int ny, float alpha) {
  int i = get_global_id(0), j = get_global_id(1);
  if (i == 0 || j == 0 || i >= nx - 1 || j >= ny - 1) return;
  int c = j * nx + i;
  unew[c] = u[c] + alpha * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0f * u[c]);
}

__kernel void laplace_local(__global const float *in, __global float *out, int nx, int ny) {
  __local float t[BY + 2][BX + 2];
  int gx = get_global_id(0), gy = get_global_id(1);
  int lx = get_local_id(0) + 1, ly = get_local_id(1) + 1;
  t[ly][lx] = in[gy * nx + gx];
  if (lx == 1) t[ly][0] = gx > 0 ? in[gy * nx + gx - 1] : 0.0f;
  if (lx == BX) t[ly][BX + 1] = gx < nx - 1 ? in[gy * nx + gx + 1] : 0.0f;
  if (ly == 1) t[0][lx] = gy > 0 ? in[(gy - 1) * nx + gx] : 0.0f;
  if (ly == BY) t[BY + 1][lx] = gy < ny - 1 ? in[(gy + 1) * nx + gx] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gy * nx + gx] = t[ly][lx - 1] + t[ly][lx + 1] + t[ly - 1][lx] + t[ly + 1][lx] - 4.0f * t[ly][lx];
}

__kernel void stencil3d_7pt(__global const float *in, __global float *out, int nx, int ny, int nz) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  int s = nx * ny;
  int c = z * s + y * nx + x;
  out[c] = 0.4f * in[c] + 0.1f * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] + in[c - s] + in[c + s]);
}
