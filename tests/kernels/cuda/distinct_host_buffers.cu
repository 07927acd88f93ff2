//pass
//--blockDim=128 --gridDim=16 --distinct-host-buffers
//each pointer the host stored in `p` points to a buffer of its own
// Structure-of-arrays particle state passed as a device copy of a
// descriptor, and device pointer symbols set with cudaMemcpyToSymbol: with
// --distinct-host-buffers each stored pointer is its own buffer, so the
// position update writing x/y and reading vx/vy is race-free.
#include <cuda_runtime.h>
#include <helper_cuda.h>

struct Particles {
  float *x, *y, *vx, *vy;
};

__global__ void advance(const Particles *__restrict__ p, float *energy, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p->x[i] += dt * p->vx[i];
    p->y[i] += dt * p->vy[i];
    energy[i] = 0.5f * (p->vx[i] * p->vx[i] + p->vy[i] * p->vy[i]);
  }
}

__device__ float *d_weights;
__device__ float *d_scratch;

__global__ void weigh(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d_scratch[i] = d_weights[i] * 2.0f;
  out[i] = d_weights[i];
}

int main() {
  const int n = 2048;
  Particles h;
  checkCudaErrors(cudaMalloc(&h.x, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&h.y, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&h.vx, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&h.vy, n * sizeof(float)));
  Particles *d_p;
  float *d_energy, *w, *s;
  checkCudaErrors(cudaMalloc(&d_p, sizeof(Particles)));
  checkCudaErrors(cudaMemcpy(d_p, &h, sizeof(Particles), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMalloc(&d_energy, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&w, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&s, n * sizeof(float)));
  checkCudaErrors(cudaMemcpyToSymbol(d_weights, &w, sizeof(float *)));
  checkCudaErrors(cudaMemcpyToSymbol(d_scratch, &s, sizeof(float *)));
  advance<<<16, 128>>>(d_p, d_energy, 0.01f, n);
  weigh<<<16, 128>>>(d_energy);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
