//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//possible .*race on count
// The counter is also read without an atomic.
__kernel void compact_positive(__global const float *in, __global float *out,
                               volatile __global atomic_int *count) {
  const float v = in[get_global_id(0)];
  if (v > 0.0f) {
    atomic_fetch_add(count, 1);
    out[get_global_id(0)] = v + (float)*(volatile __global int *)count;
  }
}
