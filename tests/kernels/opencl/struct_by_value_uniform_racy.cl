//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible (write-write|read-write|write-read) race on tile
// struct_by_value_uniform.cl without the second barrier: the next pass's
// write to the tile races with this pass's neighbour read.
typedef struct {
  int passes;
  float scale;
} Config;

kernel void smooth(global float *data, Config cfg) {
  local float tile[64];
  size_t l = get_local_id(0);
  size_t g = get_global_id(0);
  for (int k = 0; k < cfg.passes; ++k) {
    tile[l] = data[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[g] = cfg.scale * (tile[l] + tile[(l + 1) % 64]);
  }
}
