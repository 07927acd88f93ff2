//xfail:NOT_ALL_VERIFIED
//--local_size=[8,4] --num_groups=[4,4]
//Not verified: .*kernel `range_one_row_short`
//Not verified: .*kernel `base_read_before_barrier`
//Not verified: .*kernel `every_row_head_reserves`
//race on s_base
//Not verified: .*kernel `owner_outside_the_group`
//Not verified: .*kernel `owner_test_or`
// Racy twins of tile_reserve_2d.cl: the range reserved is one row, not
// the tile (groups overlap in `stream`); the base is read before the
// barrier that publishes it; every row's first work item reserves (the
// owner is not unique: they race on `s_base`); the owner test holds for no
// work item of an 8x4 group (`ly == 4`: `s_base` is never written, every
// group reads the same stale value); `||` instead of `&&` (several owners).

__kernel void range_one_row_short(__global const float4 *img, __global float4 *stream,
                                  volatile __global uint *stream_len)
{
  __local uint s_base;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  if (lx == 0 && ly == 0)
    s_base = atomic_add(stream_len, get_local_size(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint base = s_base;
  stream[base + ly * get_local_size(0) + lx] = img[get_global_id(1) * 32 + get_global_id(0)];
}

__kernel void base_read_before_barrier(__global const float4 *img, __global float4 *stream,
                                       volatile __global uint *stream_len)
{
  __local uint s_base;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  if (lx == 0 && ly == 0)
    s_base = atomic_add(stream_len, get_local_size(0) * get_local_size(1));
  const uint base = s_base;
  barrier(CLK_LOCAL_MEM_FENCE);
  stream[base + ly * get_local_size(0) + lx] = img[get_global_id(1) * 32 + get_global_id(0)];
}

__kernel void every_row_head_reserves(__global const float4 *img, __global float4 *stream,
                                      volatile __global uint *stream_len)
{
  __local uint s_base;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  if (lx == 0)
    s_base = atomic_add(stream_len, get_local_size(0) * get_local_size(1));
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint base = s_base;
  stream[base + ly * get_local_size(0) + lx] = img[get_global_id(1) * 32 + get_global_id(0)];
}

__kernel void owner_outside_the_group(__global const float4 *img, __global float4 *stream,
                                      volatile __global uint *stream_len)
{
  __local uint s_base;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  if (lx == 0 && ly == 4)
    s_base = atomic_add(stream_len, get_local_size(0) * get_local_size(1));
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint base = s_base;
  stream[base + ly * get_local_size(0) + lx] = img[get_global_id(1) * 32 + get_global_id(0)];
}

__kernel void owner_test_or(__global const float4 *img, __global float4 *stream,
                            volatile __global uint *stream_len)
{
  __local uint s_base;
  const uint lx = get_local_id(0), ly = get_local_id(1);
  if (lx == 0 || ly == 0)
    s_base = atomic_add(stream_len, get_local_size(0) * get_local_size(1));
  barrier(CLK_LOCAL_MEM_FENCE);
  stream[s_base + ly * get_local_size(0) + lx] = img[get_global_id(1) * 32 + get_global_id(0)];
}
