//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//offsets_on_local_array_false.cl:10:8: error: loop invariant might not be maintained
// The loop writes the neighbour's slot too: the offset invariant breaks.
__kernel void stage(__global int *out) {
  __local int s[65];
  int l = get_local_id(0);
  for (int k = 0;
       __invariant(k >= 0),
       __invariant(__write_implies(s, __write_offset_bytes(s) / 4 == l)),
       k < 4; k++) {
    s[l + (k & 1)] = k;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[l];
}
