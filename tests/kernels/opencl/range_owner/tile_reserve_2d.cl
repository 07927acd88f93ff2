//pass
//--local_size=[8,4] --num_groups=[4,4]
// Stream compaction with 2-D work-groups: the group's corner work item
// (local id (0, 0)) reserves the group's output range with one atomic_add
// of the group size and shares the base through __local memory. Before
// s12 the owner test had to be `get_local_id(0) == 0` alone, and these
// kernels reported false races between groups on `out`.
// Racy twins: tile_reserve_2d_race.cl.

// Pixels of a 2-D tile, written densely to a stream in reservation order.
__kernel void tile_to_stream(__global const float4 *img, __global float4 *stream,
                             volatile __global uint *stream_len, uint pitch)
{
  __local uint s_base;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  const uint tile = get_local_size(0) * get_local_size(1);
  if (lx == 0 && ly == 0)
    s_base = atomic_add(stream_len, tile);
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint base = s_base;
  const float4 px = img[get_global_id(1) * pitch + get_global_id(0)];
  stream[base + ly * get_local_size(0) + lx] = px * (float4)(0.5f);
}

// The same with the tests the other way round and a helper for the slot.
static uint slot_in_tile(void)
{
  return get_local_id(1) * get_local_size(0) + get_local_id(0);
}

__kernel void tile_to_stream_rows_first(__global const uchar4 *img, __global uint *stream,
                                        volatile __global uint *stream_len)
{
  __local uint s_base;
  if (get_local_id(1) == 0 && get_local_id(0) == 0)
    s_base = atomic_add(stream_len, get_local_size(0) * get_local_size(1));
  barrier(CLK_LOCAL_MEM_FENCE);
  const uchar4 px = img[get_global_id(1) * get_global_size(0) + get_global_id(0)];
  stream[s_base + slot_in_tile()] = as_uint(px);
}
