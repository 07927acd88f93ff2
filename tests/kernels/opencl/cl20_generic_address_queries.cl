//pass
//--local_size=64 --num_groups=2 --cl-std=CL2.0
// OpenCL 2.0 generic pointers: one accumulation helper serves local,
// global and private memory and asks the pointer where it points
// (`to_local`/`to_global` return the pointer in that space, or NULL).
// Local partial sums are updated through the local view, the global
// element through the global view, the private one directly.

static void accumulate(float *acc, float v) {
  __local float *l = to_local(acc);
  __global float *g = to_global(acc);
  if (l)
    *l += v;
  else if (g)
    *g += 2.0f * v;
  else
    *acc += v;
}

__kernel void weigh(__global float *out, __global const float *in) {
  __local float partial[64];
  float mine = 0.0f;
  const size_t lid = get_local_id(0), gid = get_global_id(0);
  partial[lid] = 0.0f;
  accumulate(&partial[lid], in[gid]);
  accumulate(&out[gid], in[gid]);
  accumulate(&mine, in[gid]);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] += partial[(lid + 1) % 64] + mine;
}
