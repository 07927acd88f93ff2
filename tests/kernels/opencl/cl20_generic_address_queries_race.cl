//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --cl-std=CL2.0
//possible null pointer access
// The racy twin of cl20_generic_address_queries.cl: the helper trusts
// that every pointer it gets is local, but `weigh` also passes a global
// element: `to_local` returns NULL for it and the helper dereferences it.

static void accumulate(float *acc, float v) {
  __local float *l = to_local(acc);
  if (to_global(acc) == 0)
    *acc += v;
  *l += v;
}

__kernel void weigh(__global float *out, __global const float *in) {
  __local float partial[64];
  const size_t lid = get_local_id(0), gid = get_global_id(0);
  partial[lid] = 0.0f;
  accumulate(&partial[lid], in[gid]);
  accumulate(&out[gid], in[gid]);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] += partial[(lid + 1) % 64];
}
