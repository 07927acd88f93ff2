//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16 --cl-std=CL2.0
//kernel `smooth_rows_sub_group`\): [0-9]+ possible defect
//kernel `smooth_rows_item_scope`\): [0-9]+ possible defect
//kernel `block_sums_runtime_scope`\): 1 possible defect
//race on tile\[
//race on part\[
//kernel `reserve_and_fill_sub_group`\): [0-9]+ possible defect
//race on s_base\[
//kernel `sync_if_positive`\): 1 possible defect
//barrier may be reached by non-uniform control flow
//kernel `shift_through_helper`\): 1 possible defect
// s11 review, MISSED RACE before the fix: `work_group_barrier(flags,
// scope)` ignored its scope. With memory_scope_sub_group the accesses are
// made visible only within the sub-group, with memory_scope_work_item only
// to the work item itself: the barrier still synchronises the group's
// execution but orders no accesses between work items of two sub-groups,
// so reading a neighbour's `__local` element after it races (the element
// at the sub-group's edge belongs to another sub-group). The first three
// kernels below VERIFIED; now such a barrier fences nothing (a scope passed
// at run time fences only when it is work_group or wider: here the host
// may pass wide == 0). Twin: work_group_barrier_scope.cl.

#define TILE 64

typedef struct {
  float left;
  float centre;
  float right;
} stencil3;

static float apply(stencil3 w, float a, float b, float c) {
  return w.left * a + w.centre * b + w.right * c;
}

__kernel void smooth_rows_sub_group(__global const float *src, __global float *dst, stencil3 w) {
  __local float tile[TILE];
  const uint l = get_local_id(0);
  const uint g = get_global_id(0);
  tile[l] = src[g];
  // Wrong: the neighbours at the sub-group's edges are in other sub-groups.
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
  const float a = tile[l == 0 ? 0 : l - 1];
  const float c = tile[l == TILE - 1 ? TILE - 1 : l + 1];
  dst[g] = apply(w, a, tile[l], c);
}

__kernel void smooth_rows_item_scope(__global const float *src, __global float *dst, stencil3 w) {
  __local float tile[TILE];
  const uint l = get_local_id(0);
  const uint g = get_global_id(0);
  tile[l] = src[g];
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_item);
  const float a = tile[l == 0 ? 0 : l - 1];
  const float c = tile[l == TILE - 1 ? TILE - 1 : l + 1];
  dst[g] = apply(w, a, tile[l], c);
}

static void sync_group(memory_scope scope) {
  work_group_barrier(CLK_LOCAL_MEM_FENCE, scope);
}

__kernel void block_sums_runtime_scope(__global const float *src, __global float *sums,
                                       int wide) {
  __local float part[TILE];
  const uint l = get_local_id(0);
  part[l] = src[get_global_id(0)];
  sync_group(wide ? memory_scope_work_group : memory_scope_sub_group);
  for (uint s = TILE / 2; s > 0; s >>= 1) {
    if (l < s)
      part[l] += part[l + s];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    sums[get_group_id(0)] = part[0];
}

// The reservation published through a sub-group-scope barrier: the other
// sub-groups may read s_base before work-item 0's store is visible.
__kernel void reserve_and_fill_sub_group(__global const int *in, __global int *out,
                                         volatile __global uint *count) {
  __local uint s_base;
  const uint lid = get_local_id(0);
  if (lid == 0)
    s_base = atomic_add(count, (uint)TILE);
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
  const uint base = s_base;
  out[base + lid] = in[get_global_id(0)];
}

// A barrier that fences nothing is still a barrier: reached by some work
// items of the group only, it diverges.
__kernel void sync_if_positive(__global const float *src, __global float *dst) {
  const uint g = get_global_id(0);
  if (src[g] > 0.0f)
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_item);
  dst[g] = 2.0f * src[g];
}

// The narrow barrier inside a helper (also under --no-inline).
static void publish(__local float *tile, float v) {
  tile[get_local_id(0)] = v;
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
}

__kernel void shift_through_helper(__global const float *src, __global float *dst) {
  __local float tile[TILE];
  publish(tile, src[get_global_id(0)]);
  dst[get_global_id(0)] = tile[(get_local_id(0) + 1) % TILE];
}
