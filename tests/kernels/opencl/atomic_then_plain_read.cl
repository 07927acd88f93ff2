//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
__kernel void atomic_then_plain_read(__global int *count, __global int *out) {
  atomic_add(count, 1);
  out[get_global_id(0)] = *count;
}
