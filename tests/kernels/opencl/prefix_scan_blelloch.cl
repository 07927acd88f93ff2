//pass
//--local_size=64 --num_groups=1
#define N 128
__kernel void prefix_scan_blelloch(__global int *data) {
  __local int t[N];
  int l = get_local_id(0);
  t[2 * l] = data[2 * l];
  t[2 * l + 1] = data[2 * l + 1];
  int offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < d) {
      int ai = offset * (2 * l + 1) - 1, bi = offset * (2 * l + 2) - 1;
      t[bi] += t[ai];
    }
    offset *= 2;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[2 * l] = t[2 * l];
  data[2 * l + 1] = t[2 * l + 1];
}
