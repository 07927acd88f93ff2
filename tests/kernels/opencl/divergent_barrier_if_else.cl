//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//barrier may be reached by non-uniform control flow
// Two different barriers in the two arms of a thread-dependent branch
// are not one barrier.
__kernel void divergent_barrier_if_else(__global int *a) {
  if (get_local_id(0) < 32) {
    barrier(CLK_LOCAL_MEM_FENCE);
  } else {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[get_global_id(0)] = 1;
}
