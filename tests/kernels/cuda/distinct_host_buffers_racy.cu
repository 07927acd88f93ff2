//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16 --distinct-host-buffers
//possible (read-write|write-read) race on \*p\[0\]
// distinct_host_buffers.cu with a smoothing step that reads the next
// particle's x while its owner updates it: a race inside one host buffer,
// which the assumption does not hide.
#include <cuda_runtime.h>

struct Particles {
  float *x, *y, *vx, *vy;
};

__global__ void advance_smoothed(const Particles *__restrict__ p, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) {
    p->x[i] = 0.5f * (p->x[i] + p->x[i + 1]) + dt * p->vx[i];
    p->y[i] += dt * p->vy[i];
  }
}
