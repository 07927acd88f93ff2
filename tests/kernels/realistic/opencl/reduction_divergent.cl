//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=128
//non-uniform control flow
// A barrier reached only by the work-items that still take part.
__kernel void reduce_divergent_barrier(__global const float *in, __global float *out, __local float *s) {
  uint tid = get_local_id(0);
  s[tid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (tid < k) {
      s[tid] += s[tid + k];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  if (tid == 0) out[get_group_id(0)] = s[0];
}
