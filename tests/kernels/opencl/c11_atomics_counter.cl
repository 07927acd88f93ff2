//pass
//--local_size=64 --num_groups=4 --cl-std=CL2.0
// Clamp negatives to zero and count them with a C11-style atomic counter
// and a relaxed maximum.
__kernel void clamp_negative(__global float *data, volatile __global atomic_int *count,
                             volatile __global atomic_int *deepest) {
  const int i = get_global_id(0);
  const float v = data[i];
  if (v < 0.0f) {
    atomic_fetch_add_explicit(count, 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_max(deepest, (int)(-v));
    data[i] = 0.0f;
  }
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
}
