//pass
//--local_size=128 --num_groups=16
// Double-buffered local memory, the way SDK scans and iterative stencils
// are written: two __local buffers, read one and write the other, then
// swap the pointers after the barrier.
#define BLOCK 128

// Inclusive Hillis-Steele scan of one block (buffers passed by the host).
__kernel void scan_inclusive(__global const int *in, __global int *out, __local int *bufA, __local int *bufB) {
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  __local int *src = bufA;
  __local int *dst = bufB;
  src[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < get_local_size(0); offset *= 2) {
    dst[lid] = lid >= offset ? src[lid] + src[lid - offset] : src[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *tmp = src;
    src = dst;
    dst = tmp;
  }
  out[gid] = src[lid];
}

// Jacobi smoothing of a block for a few sweeps, in kernel-declared
// buffers, with a pointer swap per sweep.
__kernel void smooth_block(__global const float *in, __global float *out, int sweeps) {
  __local float ping[BLOCK + 2];
  __local float pong[BLOCK + 2];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  ping[lid + 1] = in[gid];
  pong[lid + 1] = 0.0f;
  if (lid == 0) {
    ping[0] = ping[BLOCK + 1] = 0.0f;
    pong[0] = pong[BLOCK + 1] = 0.0f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  __local float *cur = ping, *next = pong;
  for (int s = 0; s < sweeps; ++s) {
    next[lid + 1] = 0.25f * cur[lid] + 0.5f * cur[lid + 1] + 0.25f * cur[lid + 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    __local float *t = cur;
    cur = next;
    next = t;
  }
  out[gid] = cur[lid + 1];
}
