//pass
//--local_size=64 --num_groups=1
// The same with one work group: the global-fence barrier orders it.
__kernel void atomic_then_barrier_then_read_global_one_group(__global int *counter, __global int *out) {
  atomic_inc(&counter[0]);
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = counter[0];
}
