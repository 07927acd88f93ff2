//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//barrier may be reached by non-uniform control flow
// A collective called by half of the work-group only.
__kernel void group_sums(__global const int *in, __global int *partial) {
  if (get_local_id(0) < 32) {
    const int sum = work_group_reduce_add(in[get_global_id(0)]);
    if (get_local_id(0) == 0)
      partial[get_group_id(0)] = sum;
  }
}
