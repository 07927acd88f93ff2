//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=128
//race on scratch
// The two-stage reduction with the barrier inside the `if` (only the
// active work-items wait): barrier divergence, and without it a race.
__kernel void reduce_barrier_outside(__global const float *data, __global float *partials,
                                     __local float *scratch, int length) {
  int lid = get_local_id(0);
  float acc = 0.0f;
  for (int i = get_global_id(0); i < length; i += get_global_size(0)) acc += data[i];
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < get_local_size(0); offset <<= 1) {
    int mask = (offset << 1) - 1;
    if ((lid & mask) == 0) scratch[lid] += scratch[lid + offset];
  }
  if (lid == 0) partials[get_group_id(0)] = scratch[0];
}
