//pass
//--local_size=256 --num_groups=1 --no-infer
// Figure 14 experiment kernel (examples/fig14.rs): Kogge-Stone inclusive
// scan over the whole group (any group size), read / barrier / write /
// barrier per step. The invariants say that the barriers have cleared the
// logs of `s` at the loop head, so it verifies without inference.
__kernel void fig14_scan_uniform_loop(__global int *data) {
  __local int s[4096];
  unsigned t = get_local_id(0);
  unsigned n = get_local_size(0);
  s[t] = data[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned offset = 1;
       __invariant(__no_read(s)), __invariant(__no_write(s)), offset < n;
       offset *= 2) {
    int v = 0;
    if (t >= offset)
      v = s[t - offset];
    barrier(CLK_LOCAL_MEM_FENCE);
    s[t] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[t] = s[t];
}
