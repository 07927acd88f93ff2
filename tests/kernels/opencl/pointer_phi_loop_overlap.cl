//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --kernel-args=pointer_phi_loop_overlap,16
//possible write-write race
// Racy twin of pointer_phi_loop_bounded.cl: chunks of 16 ints start 15
// apart, so the last element of each chunk is the first of the next
// thread's (written with values 15 and 0). The `chunk` candidates must not
// hide it.
__kernel void pointer_phi_loop_overlap(__global int *a, int n) {
  __global int *p = a + get_global_id(0) * (n - 1);
  for (int i = 0; i < n; i++) {
    *p = i;
    p++;
  }
}
