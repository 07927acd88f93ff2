//xfail:UNSUPPORTED
//--blockDim=128 --gridDim=2
//cooperative_groups::this_multi_grid
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Multi-device grids are not modelled: refused at the call, naming it.
__global__ void multi(int *out)
{
    cg::multi_grid_group g = cg::this_multi_grid();
    g.sync();
    out[threadIdx.x] = 1;
}
