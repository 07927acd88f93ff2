//pass
//--local_size=64 --num_groups=16 --cl-std=CL2.0
// s11 review: OpenCL 2.0 `work_group_barrier(flags, scope)`. With
// memory_scope_work_group (the one-argument form's scope) or a wider one
// the fenced accesses of the whole group are ordered: a tiled 3-point
// stencil and a tree reduction read their neighbours' elements after it.
// The racy twin (work_group_barrier_scope_race.cl) narrows the scope.

#define TILE 64

typedef struct {
  float left;
  float centre;
  float right;
} stencil3;

static float apply(stencil3 w, float a, float b, float c) {
  return w.left * a + w.centre * b + w.right * c;
}

__kernel void smooth_rows(__global const float *src, __global float *dst, stencil3 w) {
  __local float tile[TILE];
  const uint l = get_local_id(0);
  const uint g = get_global_id(0);
  tile[l] = src[g];
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  const float a = tile[l == 0 ? 0 : l - 1];
  const float c = tile[l == TILE - 1 ? TILE - 1 : l + 1];
  dst[g] = apply(w, a, tile[l], c);
}

__kernel void block_sums(__global const float *src, __global float *sums) {
  __local float part[TILE];
  const uint l = get_local_id(0);
  part[l] = src[get_global_id(0)];
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_device);
  for (uint s = TILE / 2; s > 0; s >>= 1) {
    if (l < s)
      part[l] += part[l + s];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    sums[get_group_id(0)] = part[0];
}

// Work-item 0 reserves the group's output range; the barrier publishes it.
__kernel void reserve_and_fill(__global const int *in, __global int *out,
                               volatile __global uint *count) {
  __local uint s_base;
  const uint lid = get_local_id(0);
  if (lid == 0)
    s_base = atomic_add(count, (uint)TILE);
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  const uint base = s_base;
  out[base + lid] = in[get_global_id(0)];
}

// The scope passed through a helper: known only inside the helper, it
// fences when it is memory_scope_work_group or wider.
static void sync_group(memory_scope scope) {
  work_group_barrier(CLK_LOCAL_MEM_FENCE, scope);
}

__kernel void block_sums_helper(__global const float *src, __global float *sums) {
  __local float part[TILE];
  const uint l = get_local_id(0);
  part[l] = src[get_global_id(0)];
  sync_group(memory_scope_work_group);
  for (uint s = TILE / 2; s > 0; s >>= 1) {
    if (l < s)
      part[l] += part[l + s];
    sync_group(memory_scope_work_group);
  }
  if (l == 0)
    sums[get_group_id(0)] = part[0];
}
