//pass
//--local_size=64 --num_groups=8
// A struct of sizes passed by value: one value for the whole launch, so a
// loop bounded by its field reaches the barrier uniformly.
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
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
