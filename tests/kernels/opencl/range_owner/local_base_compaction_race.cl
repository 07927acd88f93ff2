//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=16
//Not verified: .*kernel `base_read_before_barrier`
//Not verified: .*kernel `base_reset_in_kernel`
//Not verified: .*kernel `base_written_by_last_item`
// As local_base_compaction.cl, wrong: the base is read before the
// barrier that publishes it; a work-item clears s_base while
// the others read it;
// the reservation is made by a work-item a group of 64 does not have.

__kernel void base_read_before_barrier(__global const float *in, __global float *out,
                                       volatile __global uint *out_count) {
  __local uint s_base;
  const uint lid = get_local_id(0);
  const uint n = get_local_size(0);
  if (lid == 0)
    s_base = atomic_add(out_count, n);
  const uint base = s_base;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + lid] = in[get_global_id(0)];
}

__kernel void base_reset_in_kernel(__global const float *in, __global float *out,
                                   volatile __global uint *out_count) {
  __local uint s_base;
  const uint lid = get_local_id(0);
  const uint n = get_local_size(0);
  if (lid == 0)
    s_base = atomic_add(out_count, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] < 0.0f)
    s_base = 0; // "nothing to keep": clears the base the others still read
  const uint base = s_base;
  out[base + lid] = in[get_global_id(0)];
}

__kernel void base_written_by_last_item(__global const float *in, __global float *out,
                                        volatile __global uint *out_count) {
  __local uint s_base;
  const uint lid = get_local_id(0);
  const uint n = get_local_size(0);
  if (lid == 200)
    s_base = atomic_add(out_count, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint base = s_base;
  out[base + lid] = in[get_global_id(0)];
}
