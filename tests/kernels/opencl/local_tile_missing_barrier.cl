//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
__kernel void local_tile_missing_barrier(__global float *a) {
  __local float tile[64];
  unsigned l = get_local_id(0);
  tile[l] = a[get_global_id(0)];
  a[get_global_id(0)] = tile[63 - l];
}
