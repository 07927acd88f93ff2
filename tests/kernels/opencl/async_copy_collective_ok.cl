//pass
//--local_size=64 --num_groups=8
// Race-free twin of async_copy_collective*.cl: the copies sit under
// conditions that are uniform in the group (group id, kernel argument), so
// every work item of a group reaches them with the same arguments.
__kernel void uniform_prefetch(__global const float *in, __global float *out,
                               __local float *tile, int stride, uint groups_with_data) {
  size_t lid = get_local_id(0);
  size_t group = get_group_id(0);
  size_t base = group * 64;
  if (group < groups_with_data) {
    event_t e = async_work_group_copy(tile, in + base, 64, 0);
    wait_group_events(1, &e);
    out[base + lid] = tile[lid] * 0.5f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (stride > 0) {
    event_t s = async_work_group_strided_copy(tile, in + group, 64, stride, 0);
    wait_group_events(1, &s);
  }
}
