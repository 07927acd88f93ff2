//pass
//--local_size=64 --num_groups=1
// A local counter incremented atomically, read after a local barrier.
__kernel void atomic_then_barrier_then_read_local(__global int *out) {
  __local int count[1];
  if (get_local_id(0) == 0) count[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&count[0]);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = count[0];
}
