//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=64
//possible (read-write|write-read) race on scratch
// The barrier inside the loop is gone: a work item can read
// scratch[lid + s] before its owner has added into it.
__kernel void reduction_racy(__global const int *in, __global int *partial,
                             __local int *scratch) {
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
