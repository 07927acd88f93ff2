//pass
//--local_size=64 --num_groups=2
// Access annotations on an array the kernel declares in local memory:
// each work item writes only its own slot in the loop.
__kernel void stage(__global int *out) {
  __local int s[64];
  int l = get_local_id(0);
  for (int k = 0;
       __invariant(__write_implies(s, __write_offset_bytes(s) / 4 == l)),
       __invariant(__no_read(s)),
       k < 4; k++) {
    s[l] = k;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[l];
}
