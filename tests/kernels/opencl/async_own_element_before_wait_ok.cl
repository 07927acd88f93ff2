//pass
//--local_size=32 --num_groups=2
// The twin of async_own_element_before_wait.cl: the read follows the wait,
// and no barrier is needed for data the copy wrote.
__kernel void scale(__global const int *in, __global int *out, __local int *tile, int k) {
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 32, 32, 0);
  wait_group_events(1, &e);
  int v = tile[lid] + tile[31 - lid];
  out[get_global_id(0)] = k * v;
}
