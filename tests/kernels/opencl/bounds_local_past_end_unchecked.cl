//pass
//--local_size=64 --num_groups=2
// The same kernel as bounds_local_past_end.cl without --check-array-bounds:
// no race, no divergence, and bounds are not checked.
__kernel void bounds_local_past_end_unchecked(__global int *out) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[lid + 1];
}
