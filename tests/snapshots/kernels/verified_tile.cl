//pass
//--local_size=64 --num_groups=8
// Each work item copies through its own slot of a local tile.
__kernel void verified_tile(__global const int *in, __global int *out) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[63 - lid];
}
