//pass
//--local_size=64 --num_groups=2
// A uniform loop with two barriers; the invariants say that the access
// flags of s are clear at the loop head (the second barrier clears them).
__kernel void uniform_loop_barrier_invariants(__global int *out, int n) {
  __local int s[64];
  int l = get_local_id(0);
  int acc = 0;
  for (int i = 0; __invariant(__no_read(s)), __invariant(__no_write(s)), i < n; i++) {
    s[l] = i + l;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc += s[(l + 1) % 64];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = acc;
}
