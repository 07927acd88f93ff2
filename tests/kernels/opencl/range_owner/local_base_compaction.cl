//pass
//--local_size=128 --num_groups=16
// OpenCL 1.2 stream compaction: the group's count comes from a local
// histogram-style tally, work-item 0 reserves the group's output range
// with one atomic_add and shares the base through __local memory.

__kernel void compact_positive(__global const float *in, __global float *out,
                               volatile __global uint *out_count) {
  __local uint s_base;
  const uint lid = get_local_id(0);
  const uint n = get_local_size(0);
  if (lid == 0)
    s_base = atomic_add(out_count, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint base = s_base;
  out[base + lid] = fmax(in[get_global_id(0)], 0.0f);
}
