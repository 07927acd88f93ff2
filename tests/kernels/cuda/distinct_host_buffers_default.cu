//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible (read-write|write-read|write-write) race on
// distinct_host_buffers.cu's position update without
// --distinct-host-buffers: by default a pointer the host stored may point
// anywhere in any buffer (x and vx may overlap), so the update is reported.
#include <cuda_runtime.h>

struct Particles {
  float *x, *y, *vx, *vy;
};

__global__ void advance(const Particles *__restrict__ p, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p->x[i] += dt * p->vx[i];
  }
}
