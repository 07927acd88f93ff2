//pass
//--local_size=64 --num_groups=2
// Iterated 1-D stencil in local memory, double-buffered by barriers.
#define N 64
__kernel void loop_stencil_iterated(__global float *a, int steps) {
  __local float cur[N + 2];
  unsigned t = get_local_id(0);
  cur[t + 1] = a[get_global_id(0)];
  if (t == 0) { cur[0] = 0.0f; cur[N + 1] = 0.0f; }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int it = 0; it < steps; it++) {
    float v = (cur[t] + cur[t + 1] + cur[t + 2]) / 3.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    cur[t + 1] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[get_global_id(0)] = cur[t + 1];
}
