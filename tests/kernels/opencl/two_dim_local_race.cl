//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=1
//possible write-read race on tile\[
//with local id \(
// A 2-D tile read transposed without a barrier: ids print as (x, y, z).
__kernel void two_dim_local_race(__global float *out) {
  __local float tile[8][8];
  int x = get_local_id(0), y = get_local_id(1);
  tile[y][x] = x + y;
  out[y * 8 + x] = tile[x][y];
}
