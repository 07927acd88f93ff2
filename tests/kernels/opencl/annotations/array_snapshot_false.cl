//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//array_snapshot_false.cl:17:3: error: this assertion might not hold
// The update is applied twice: the assertion against the snapshot fails.
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
  tile[t] += delta;
  __assert(tile[t] == before[t] + delta);
  barrier(CLK_LOCAL_MEM_FENCE);
  data[g] = tile[TILE - 1 - t];
}
