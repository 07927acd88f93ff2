//pass
//--local_size=64 --num_groups=2
// The twin of async_copy_barrier_no_wait.cl: the copy is waited for before
// the barrier.
__kernel void no_wait(__global const float *in, __global float *out, __local float *tile) {
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
