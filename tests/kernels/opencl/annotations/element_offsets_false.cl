//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//element_offsets_false.cl:11:8: error: loop invariant might not be maintained
// The element-offset invariant is false: the loop writes the element after
// the work item's own (offsets count float4 elements, not bytes).
__kernel void rows(__global float4 *out, __global const float4 *in) {
  __local float4 tile[65];
  int l = get_local_id(0);
  int g = get_global_id(0);
  for (int k = 0;
       __invariant(__write_implies(tile, __write_offset(tile) == l)),
       k < 8; k++) {
    tile[l + (k & 1)] = in[g];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = tile[l];
}
