//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[4,4] --cl-std=CL2.0
//kernel `reverse_tiles_no_barrier`\): [0-9]+ possible defect
//race on tile\[
//kernel `block_energy_overlap`\): [0-9]+ possible defect
//race on partial\[
//kernel `block_energy_early_read`\): [0-9]+ possible defect
//race on partial\[0\]
//kernel `half_rows`\): [0-9]+ possible defect
//write-write race on dst
//kernel `per_group_not_per_item`\): [0-9]+ possible defect
//write-write race on energy
// Racy twins of linear_id_tiles_2d.cl: the linear ids must not make a
// race disappear. A missing barrier; a reduction step whose range
// overlaps the half it reads (l < 33 with l + 32); two work-items of one
// row writing one element (linear id / 2); every work-item of a group
// writing its group's slot; each reduction step returning partial[0],
// which the next step's work-item 0 writes with no barrier between (the
// first draft of the race-free twin had it, and was told so).

#define TILE_W 8
#define TILE_H 8
#define TILE (TILE_W * TILE_H)

__kernel void reverse_tiles_no_barrier(__global const float4 *in, __global float4 *out)
{
  __local float4 tile[TILE];
  size_t l = get_local_linear_id();
  size_t g = get_global_linear_id();
  tile[l] = in[g];
  out[g] = tile[TILE - 1 - l];
}

__kernel void block_energy_overlap(__global const float2 *field, __global float *energy)
{
  __local float partial[TILE + 1];
  size_t l = get_local_linear_id();
  float2 f = field[get_global_linear_id()];
  partial[l] = dot(f, f);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 33)
    partial[l] += partial[l + 32];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    energy[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = partial[0];
}

static float half_sum(__local float *partial, size_t l, size_t stride)
{
  if (l < stride)
    partial[l] += partial[l + stride];
  barrier(CLK_LOCAL_MEM_FENCE);
  return partial[0];
}

__kernel void block_energy_early_read(__global const float2 *field, __global float *energy)
{
  __local float partial[TILE];
  size_t l = get_local_linear_id();
  float2 f = field[get_global_linear_id()];
  partial[l] = dot(f, f);
  barrier(CLK_LOCAL_MEM_FENCE);
  float e = 0.0f;
  for (size_t stride = TILE / 2; stride > 0; stride >>= 1)
    e = half_sum(partial, l, stride);
  if (l == 0)
    energy[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = e;
}

__kernel void half_rows(__global const uchar4 *src, __global uchar4 *dst)
{
  size_t g = get_global_linear_id();
  dst[g / 2] = src[g];
}

__kernel void per_group_not_per_item(__global const float2 *field, __global float *energy)
{
  float2 f = field[get_global_linear_id()];
  size_t slot = get_global_linear_id() / (get_local_size(0) * get_local_size(1));
  energy[slot] = f.x * (float)get_local_linear_id();
}
