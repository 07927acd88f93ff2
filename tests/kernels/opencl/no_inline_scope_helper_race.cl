//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16 --cl-std=CL2.0 --no-inline
//kernel `rotate_tile_sub_group`\): [0-9]+ possible defect
//race on tile\[
//kernel `rotate_then_reuse`\): [0-9]+ possible defect
//race on tile\[
// Racy twins of no_inline_scope_helper.cl: the helper's barrier with a
// sub-group scope orders nothing between sub-groups (the neighbour's
// element); a tile reused after the read with no second barrier.

#define TILE 64

static void sync_local(memory_scope scope)
{
  work_group_barrier(CLK_LOCAL_MEM_FENCE, scope);
}

__kernel void rotate_tile_sub_group(__global const float4 *src, __global float4 *dst)
{
  __local float4 tile[TILE];
  const size_t l = get_local_id(0);
  tile[l] = src[get_global_id(0)];
  sync_local(memory_scope_sub_group);
  dst[get_global_id(0)] = tile[(l + 1) % TILE];
}

__kernel void rotate_then_reuse(__global const float4 *src, __global float4 *dst)
{
  __local float4 tile[TILE];
  const size_t l = get_local_id(0);
  tile[l] = src[get_global_id(0)];
  sync_local(memory_scope_work_group);
  float4 v = tile[(l + 1) % TILE];
  tile[l] = v * 2.0f;
  dst[get_global_id(0)] = v;
}
