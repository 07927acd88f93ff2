//pass
//--local_size=64 --num_groups=4
// Tree reduction in place in global memory, one slice per work-group,
// ordered by global-memory barriers.
#define N 64
__kernel void loop_reduce_global_group(__global int *data) {
  unsigned t = get_local_id(0);
  unsigned base = get_group_id(0) * N;
  for (unsigned d = N / 2; d > 0; d >>= 1) {
    if (t < d) data[base + t] += data[base + t + d];
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
