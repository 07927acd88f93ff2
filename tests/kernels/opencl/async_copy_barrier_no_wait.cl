//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible write-read race on tile
// A barrier does not complete an asynchronous copy (OpenCL 1.2 6.12.10:
// only wait_group_events does): the tile is read while the copy may still
// be running.
__kernel void no_wait(__global const float *in, __global float *out, __local float *tile) {
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
  wait_group_events(1, &e);
}
