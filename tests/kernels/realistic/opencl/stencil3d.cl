//pass
//--local_size=[8,8,4] --num_groups=[16,16,16] --kernel=stencil3d_7pt --kernel-args=stencil3d_7pt,128,128,64
// The 3-D 7-point stencil of stencil.cl with a 3-D launch.
#include "stencil.cl"
