//pass
//--local_size=64 --num_groups=4
// `__array_snapshot` keeps a ghost copy of the tile before the update, so
// the assertion can relate the new contents to the old ones.
#define TILE 64

__kernel void bump(__global int *data, int delta) {
  __local int tile[TILE];
  int before[TILE];
  int t = get_local_id(0);
  int g = get_global_id(0);
  tile[t] = data[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  __array_snapshot(before, tile);
  tile[t] += delta;
  __assert(tile[t] == before[t] + delta);
  barrier(CLK_LOCAL_MEM_FENCE);
  data[g] = tile[TILE - 1 - t];
}
