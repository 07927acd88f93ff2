//pass
//--local_size=[8,8] --num_groups=[4,4] --cl-std=CL2.0
// OpenCL 2.0 linear ids in 2-D work-groups. `get_local_linear_id()` and
// `get_global_linear_id()` have their specification formulas
// (`(l1 * s0) + l0`, and the same with global ids less the offset and
// global sizes), so a 8x8 group's linear ids are 0..63, distinct, and the
// global linear ids of two groups never meet. Before s12 they were
// arbitrary values: every kernel below reported false races on its
// `__local` tile. Racy twin: linear_id_tiles_2d_race.cl.

#define TILE_W 8
#define TILE_H 8
#define TILE (TILE_W * TILE_H)

// Reverse each 8x8 tile in place through local memory.
__kernel void reverse_tiles(__global const float4 *in, __global float4 *out)
{
  __local float4 tile[TILE];
  size_t l = get_local_linear_id();
  size_t g = get_global_linear_id();
  tile[l] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t n = get_enqueued_local_size(0) * get_enqueued_local_size(1);
  out[g] = tile[n - 1 - l];
}

static void half_sum(__local float *partial, size_t l, size_t stride)
{
  if (l < stride)
    partial[l] += partial[l + stride];
  barrier(CLK_LOCAL_MEM_FENCE);
}

// Energy of each block of a 2-D vector field: an unrolled tree reduction
// indexed by the linear local id, one result per group.
__kernel void block_energy(__global const float2 *field, __global float *energy)
{
  __local float partial[TILE];
  size_t l = get_local_linear_id();
  float2 f = field[get_global_linear_id()];
  partial[l] = dot(f, f);
  barrier(CLK_LOCAL_MEM_FENCE);
  half_sum(partial, l, 32);
  half_sum(partial, l, 16);
  half_sum(partial, l, 8);
  half_sum(partial, l, 4);
  half_sum(partial, l, 2);
  half_sum(partial, l, 1);
  if (l == 0)
    energy[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = partial[0];
}

// The linear id written by hand agrees with the builtin: a tile filled
// through one and read through the other.
__kernel void shift_rows(__global const uchar4 *src, __global uchar4 *dst)
{
  __local uchar4 row_tile[TILE];
  uint x = get_local_id(0), y = get_local_id(1);
  row_tile[y * get_local_size(0) + x] = src[get_global_linear_id()];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint l = get_local_linear_id();
  uint left = (l % TILE_W == 0) ? l : l - 1;
  dst[get_global_linear_id()] = convert_uchar4_sat(convert_int4(row_tile[left]) + (int4)(1));
}
