// A kernel whose safety depends on the group size the runtime picks
// (tests/record.rs, tile.json): the tile holds 64 elements, so groups of
// more than 64 work-items share slots (local id i and i+64) and race.
#define TILE 64

__kernel void stage(__global float *out, __global const float *in) {
  __local float tile[TILE];
  size_t lid = get_local_id(0);
  tile[lid % TILE] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[lid % TILE] * 2.0f;
}
