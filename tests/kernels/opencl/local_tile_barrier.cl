//pass
//--local_size=64 --num_groups=8
__kernel void local_tile_barrier(__global float *a) {
  __local float tile[64];
  unsigned l = get_local_id(0);
  unsigned g = get_global_id(0);
  tile[l] = a[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[g] = tile[63 - l];
}
