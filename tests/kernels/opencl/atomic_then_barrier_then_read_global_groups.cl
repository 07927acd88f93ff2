//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible atomic-read race on counter\[
// A global counter read after a barrier: the barrier orders the work
// items of one group, not those of the other group (inter-group race).
__kernel void atomic_then_barrier_then_read_global_groups(__global int *counter, __global int *out) {
  atomic_inc(&counter[0]);
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = counter[0];
}
