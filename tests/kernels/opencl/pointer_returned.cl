//pass
//--local_size=64 --num_groups=4
__global int *row(__global int *m, int r, int w) { return m + r * w; }
__kernel void pointer_returned(__global int *m, int w) {
  __global int *p = row(m, get_global_id(0), w);
  p[0] = 5;
}
