//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on buf\[
// Twin of int_ptr_casts.cl: a pointer rebuilt from an integer still points
// into `buf`, and two work items write each element of it.

__kernel void aligned_start_halved(__global float *buf) {
  __global float *base = (__global float *)(((size_t)buf + 15) & ~(size_t)15);
  base[get_global_id(0) / 2] = get_global_id(0);
}
