//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2 --distinct-host-buffers
//unsupported: .*the class `Brush` has virtual methods but no vtable in this file.*in `paintAll`
// s10 review: the objects of a scene built by a kernel of another file
// (brushes.cu, which defines Brush's constructor). Brush is defined here
// (the shared header) with its inline override, which writes out[0] from
// every thread: a race. clang emits no vtable for Brush in this file (its
// constructor is elsewhere), so the split over the file's vtables missed
// the override and the kernel was verified under "the objects are of
// classes this file defines" (true: Brush is defined here). Now refused.
#include <cuda_runtime.h>

struct Painter {
  int colour;
  __host__ __device__ explicit Painter(int c) : colour(c) {}
  __device__ virtual void paint(int *out, int i) const = 0;
};

struct Pen : Painter {
  __device__ explicit Pen(int c) : Painter(c) {}
  __device__ void paint(int *out, int i) const override { out[i] = colour; }
};

struct Brush : Painter {
  __device__ explicit Brush(int c);  // defined in brushes.cu
  __device__ void paint(int *out, int i) const override { out[0] = i; }
};

__global__ void paintAll(Painter **items, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  items[blockIdx.x]->paint(out, i);
}

int main() {
  Painter **items;
  int *out;
  cudaMalloc(&items, 2 * sizeof(Painter *));
  cudaMalloc(&out, 128 * sizeof(int));
  paintAll<<<2, 64>>>(items, out);
  cudaDeviceSynchronize();
  return 0;
}
