//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race
// Each thread writes its chunk of `n` ints from `gid * n`. Racy in 32-bit
// arithmetic: `n` is unbounded, and for n = 2^30 + 1 thread 4 starts at
// 4 * n = 2^32 + 4, i.e. element 4, which thread 0 writes (value 4) and
// thread 4 writes (value 0). pointer_phi_loop_bounded.cl fixes `n` and
// verifies with inferred invariants (rules `chunk`, `lockstep`).
__kernel void pointer_phi_loop(__global int *a, int n) {
  __global int *p = a + get_global_id(0) * n;
  for (int i = 0; i < n; i++) {
    *p = i;
    p++;
  }
}
