//pass
//--local_size=64 --num_groups=16 --kernel-args=strided_copy,64 --kernel-args=block_sum,8
// Kernels carrying GPUVerify annotations the way annotated code does:
// preconditions on scalar arguments, loop invariants, a postcondition on
// a helper, and a barrier invariant about the local array.
int clamp_index(int i, int n) {
  __requires(n > 0);
  __ensures(__return_val_int() >= 0 & __return_val_int() < n);
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

__kernel void strided_copy(__global float *dst, __global const float *src, int stride) {
  __requires(stride == get_global_size(0));
  int gid = get_global_id(0);
  for (int k = 0; __invariant(__write_implies(dst, (__write_offset_bytes(dst) / sizeof(float)) % stride == gid)), k < 4; k++) {
    dst[gid + k * stride] = src[gid + k * stride];
  }
}

__kernel void block_sum(__global const int *in, __global int *out, int chunks) {
  __requires(chunks > 0 & chunks < 64);
  __local int partial[64];
  int lid = get_local_id(0);
  int acc = 0;
  for (int c = 0; __invariant(c >= 0), c < chunks; c++) acc += in[(get_group_id(0) * chunks + c) * 64 + lid];
  partial[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    int s = 0;
    for (int i = 0; i < 64; i++) s += partial[i];
    out[get_group_id(0)] = s;
  }
}

__kernel void gather_clamped(__global float *dst, __global const float *src, __global const int *idx, int n) {
  __requires(n > 0);
  int gid = get_global_id(0);
  dst[gid] = src[clamp_index(idx[gid], n)];
}

__kernel void prefix_with_barrier_invariant(__global int *out) {
  __local int flags[64];
  int lid = get_local_id(0);
  flags[lid] = lid;
  __barrier_invariant_1(flags[lid] == lid, lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(flags[lid] == lid);
  out[get_global_id(0)] = flags[(lid + 1) % 64];
}
