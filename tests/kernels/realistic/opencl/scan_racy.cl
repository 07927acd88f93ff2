//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=64 --kernel-args=prescan_missing_barrier,256
//race on temp
// Blelloch scan whose down-sweep lost its barrier.
__kernel void prescan_missing_barrier(__global float *g_odata, __global const float *g_idata, __local float *temp, int n) {
  int thid = get_local_id(0);
  int offset = 1;
  temp[2 * thid] = g_idata[2 * thid];
  temp[2 * thid + 1] = g_idata[2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thid < d) temp[offset * (2 * thid + 2) - 1] += temp[offset * (2 * thid + 1) - 1];
    offset *= 2;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (thid == 0) temp[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  g_odata[get_group_id(0) * n + 2 * thid] = temp[2 * thid];
  g_odata[get_group_id(0) * n + 2 * thid + 1] = temp[2 * thid + 1];
}
