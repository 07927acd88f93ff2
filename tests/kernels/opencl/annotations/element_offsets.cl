//pass
//--local_size=64 --num_groups=4
// Element offsets (`__write_offset`, `__read_offset`): a tiled transpose
// step where each work item owns one row of a float4 tile in local memory
// and reads back its own element after the loop.
__kernel void rows(__global float4 *out, __global const float4 *in) {
  __local float4 tile[64];
  int l = get_local_id(0);
  int g = get_global_id(0);
  for (int k = 0;
       __invariant(__write_implies(tile, __write_offset(tile) == l)),
       __invariant(__read_implies(tile, __read_offset(tile) == l)),
       k < 8; k++) {
    tile[l] = tile[l] + in[g];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = tile[63 - l];
}
