//pass
//--local_size=64 --num_groups=2 --check-array-bounds
// Every access to the local array stays within its 64 elements.
__kernel void bounds_local_in_range(__global int *out) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[63 - lid];
}
