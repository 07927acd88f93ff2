//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --loop-unwind=2
//possible write-write race on a\[
// A loop whose trip count depends on the work item writes a shared
// element with thread-dependent values.
__kernel void nonuniform_loop_shared_write(__global int *a) {
  int l = get_local_id(0);
  for (int i = 0; i < l % 3; i++) {
    a[i] = l;
  }
}
