// Reverses each work group's slice of `data` through local memory.
__kernel void reverse(__global int *data) {
  __local int tile[64];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int n = get_local_size(0);
  tile[lid] = data[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[gid] = tile[n - 1 - lid];
}
