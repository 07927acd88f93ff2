// A cooperative kernel racing after its grid barrier: buf[i] is reset
// while another block reads it. The interpreter runs the blocks one after
// another, so it cannot execute grid.sync(): the replay says so.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void mirrorThenReset(float *buf, float *out) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = grid.thread_rank();
  buf[i] = (float)i;
  grid.sync();
  out[i] = buf[grid.size() - 1 - i];
  buf[i] = 0.0f;
}
