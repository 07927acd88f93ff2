//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=4
//virtual_objects_host_built_unsupported.cu:[0-9]+:[0-9]+: error: unsupported: an object with virtual methods \(C\+\+ polymorphism\) in shared or global memory \(its vtable pointer is read or written at virtual_objects_host_built_unsupported.cu:29:[0-9]+\).*\(in `shadeAll`\)
// A scene of polymorphic materials built on the device by a setup kernel
// and handed to the shading kernel as an array of base-class pointers
// (the ray-tracer style): the vtable pointer lives in global memory, which
// is refused naming the construct and the virtual call.
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
