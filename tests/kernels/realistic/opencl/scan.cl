//pass
//--local_size=128 --num_groups=64 --kernel-args=prescan,256
// Work-efficient exclusive scan (Blelloch) of 2 * local_size elements per
// work-group in local memory, block sums out, then the add-back pass.
__kernel void prescan(__global float *g_odata, __global const float *g_idata, __global float *g_blockSums,
                      __local float *temp, int n) {
  int thid = get_local_id(0);
  int base = get_group_id(0) * n;
  int offset = 1;
  temp[2 * thid] = g_idata[base + 2 * thid];
  temp[2 * thid + 1] = g_idata[base + 2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0) {
    g_blockSums[get_group_id(0)] = temp[n - 1];
    temp[n - 1] = 0;
  }
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  g_odata[base + 2 * thid] = temp[2 * thid];
  g_odata[base + 2 * thid + 1] = temp[2 * thid + 1];
}

__kernel void add_block_sums(__global float *data, __global const float *blockSums) {
  __local float s;
  if (get_local_id(0) == 0) s = blockSums[get_group_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t i = get_group_id(0) * get_local_size(0) * 2 + get_local_id(0);
  data[i] += s;
  data[i + get_local_size(0)] += s;
}

__kernel void scan_hillis_steele(__global const int *in, __global int *out, __local int *a, __local int *b) {
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int n = get_local_size(0);
  __local int *src = a;
  __local int *dst = b;
  src[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < n; off <<= 1) {
    dst[lid] = (lid >= off) ? src[lid] + src[lid - off] : src[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *t = src;
    src = dst;
    dst = t;
  }
  out[gid] = src[lid];
}
