//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[16,64] --kernel-args=heat_step_inplace,512,512,*
//race on u
// The heat step updated in place (no second buffer).
__kernel void heat_step_inplace(__global float *u, int nx, int ny, float alpha) {
  int i = get_global_id(0), j = get_global_id(1);
  if (i == 0 || j == 0 || i >= nx - 1 || j >= ny - 1) return;
  int c = j * nx + i;
  u[c] = u[c] + alpha * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0f * u[c]);
}
