//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
// Only work item 0 reaches the barrier.
__kernel void divergent_barrier(__global int *A) {
  if (get_local_id(0) == 0)
    barrier(CLK_GLOBAL_MEM_FENCE);
  A[get_global_id(0)] = 1;
}
