//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4 --distinct-host-buffers
//possible [a-z-]+ race on stats
//stats\[0\] \+= 1\.0f;
// The scene of virtual_objects_host_built.cu with a diagnostic counter:
// the mirror override bumps one global counter without an atomic, so two
// threads shading mirrors race on it (reported at the override's line).
#include <cuda_runtime.h>

struct Material {
  float albedo;
  __device__ explicit Material(float a) : albedo(a) {}
  __device__ virtual float shade(float cosTheta, float *stats) const = 0;
};

struct Lambert : Material {
  __device__ explicit Lambert(float a) : Material(a) {}
  __device__ float shade(float c, float *stats) const override { return albedo * fmaxf(c, 0.0f); }
};

struct Mirror : Material {
  __device__ explicit Mirror(float a) : Material(a) {}
  __device__ float shade(float c, float *stats) const override {
    stats[0] += 1.0f;
    return c > 0.99f ? albedo : 0.0f;
  }
};

__global__ void shadeAll(Material **materials, const float *cosines, float *radiance, float *stats) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  radiance[i] = materials[blockIdx.x]->shade(cosines[i], stats);
}

int main() {
  Material **materials;
  float *cosines, *radiance, *stats;
  cudaMalloc(&materials, 4 * sizeof(Material *));
  cudaMalloc(&cosines, 256 * sizeof(float));
  cudaMalloc(&radiance, 256 * sizeof(float));
  cudaMalloc(&stats, sizeof(float));
  shadeAll<<<4, 64>>>(materials, cosines, radiance, stats);
  cudaDeviceSynchronize();
  return 0;
}
