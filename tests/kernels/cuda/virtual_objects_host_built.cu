//pass
//--blockDim=64 --gridDim=4 --distinct-host-buffers
// A scene of polymorphic materials handed to the shading kernel as an
// array of base-class pointers (the ray-tracer style). The objects were
// built outside this launch, so a virtual call splits over every override
// the file defines; the assumption is printed.
#include <cuda_runtime.h>
#include <new>

struct Material {
  float albedo;
  __device__ explicit Material(float a) : albedo(a) {}
  __device__ virtual float shade(float cosTheta) const = 0;
};

struct Lambert : Material {
  __device__ explicit Lambert(float a) : Material(a) {}
  __device__ float shade(float c) const override { return albedo * fmaxf(c, 0.0f); }
};

struct Mirror : Material {
  __device__ explicit Mirror(float a) : Material(a) {}
  __device__ float shade(float c) const override { return c > 0.99f ? albedo : 0.0f; }
};

__global__ void shadeAll(Material **materials, const float *cosines, float *radiance) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  radiance[i] = materials[blockIdx.x]->shade(cosines[i]);
}

int main() {
  Material **materials;
  float *cosines, *radiance;
  cudaMalloc(&materials, 4 * sizeof(Material *));
  cudaMalloc(&cosines, 256 * sizeof(float));
  cudaMalloc(&radiance, 256 * sizeof(float));
  shadeAll<<<4, 64>>>(materials, cosines, radiance);
  cudaDeviceSynchronize();
  return 0;
}
