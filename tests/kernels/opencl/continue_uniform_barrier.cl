//pass
//--local_size=64 --num_groups=1
// A uniform continue (on the loop counter) in a uniform loop with a
// barrier: no divergence.
__kernel void continue_uniform_barrier(__global int *a, int n) {
  int l = get_local_id(0);
  for (int i = 0; __invariant(__no_read(a)), __invariant(__write_implies(a, __write_offset_bytes(a) / 4 == get_local_id(0))), i < n; i++) {
    if (i % 2 == 1) continue;
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[l] = i;
  }
}
