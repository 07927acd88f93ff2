//pass
//--local_size=256 --num_groups=1
// Figure 14 experiment kernel (examples/fig14.rs): every work item stores
// its element into a local tile, a barrier, then reads the mirrored one.
// Loop-free: the explicit encoding needs no invariants.
__kernel void fig14_tile_reverse(__global int *in, __global int *out) {
  __local int tile[4096];
  unsigned t = get_local_id(0);
  unsigned n = get_local_size(0);
  tile[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[n - 1 - t];
}
