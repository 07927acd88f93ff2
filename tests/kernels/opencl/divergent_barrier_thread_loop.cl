//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//barrier may be reached by non-uniform control flow
// A loop whose trip count is the local id, with a barrier inside.
__kernel void divergent_barrier_thread_loop(__global int *a) {
  int l = get_local_id(0);
  for (int i = 0; i < l; i++) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[get_global_id(0)] = l;
}
