//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible null pointer access
// Mode 2 leaves the tile pointer unset and the store goes through it: LLVM's
// simplifycfg used to delete that switch case as undefined behaviour (mode 2
// then took the default case) without leaving an assumption.
enum layout { ROW_MAJOR = 0, COL_MAJOR = 1, PACKED = 2 };

__kernel void stage(__global const int *in, __global int *out, __local int *tile, int mode) {
  size_t lid = get_local_id(0);
  __local int *dst;
  switch (mode) {
  case ROW_MAJOR:
    dst = tile;
    break;
  case COL_MAJOR:
    dst = tile + 64;
    break;
  case PACKED:
    break;
  default:
    dst = tile + 128;
    break;
  }
  dst[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[lid] + tile[64 + lid] + tile[128 + lid];
}
