//pass
//--blockDim=128 --gridDim=8
// A particle system whose shapes live in global memory: one kernel builds
// them with placement new into a raw device buffer, a second kernel (a
// later launch) calls their virtual methods. Each thread owns one shape.
#include <cuda_runtime.h>
#include <new>
#include <cstdio>

struct Shape {
  float x, y;
  __device__ Shape(float px, float py) : x(px), y(py) {}
  __device__ virtual float area() const { return 0.0f; }
  __device__ virtual void advance(float dt) { x += dt; }
};

struct Circle : Shape {
  float r;
  __device__ Circle(float px, float py, float radius) : Shape(px, py), r(radius) {}
  __device__ float area() const override { return 3.14159265f * r * r; }
  __device__ void advance(float dt) override { x += dt; r *= 0.99f; }
};

struct Box : Shape {
  float w, h;
  __device__ Box(float px, float py, float bw, float bh) : Shape(px, py), w(bw), h(bh) {}
  __device__ float area() const override { return w * h; }
  __device__ void advance(float dt) override { y -= dt * h; }
};

union ShapeSlot {
  char bytes[sizeof(Box) > sizeof(Circle) ? sizeof(Box) : sizeof(Circle)];
  float align;
};

__global__ void buildShapes(ShapeSlot *storage, Shape **shapes, const float *seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  void *slot = &storage[i];
  if (i % 2 == 0)
    shapes[i] = new (slot) Circle(seed[i], 0.0f, 1.0f);
  else
    shapes[i] = new (slot) Box(seed[i], 1.0f, 2.0f, 0.5f);
}

__global__ void stepShapes(ShapeSlot *storage, float *areas, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Shape *s = reinterpret_cast<Shape *>(&storage[i]);
  s->advance(dt);
  areas[i] = s->area();
}

int main() {
  const int n = 1024;
  ShapeSlot *storage;
  Shape **shapes;
  float *seed, *areas;
  cudaMalloc(&storage, n * sizeof(ShapeSlot));
  cudaMalloc(&shapes, n * sizeof(Shape *));
  cudaMalloc(&seed, n * sizeof(float));
  cudaMalloc(&areas, n * sizeof(float));
  buildShapes<<<8, 128>>>(storage, shapes, seed);
  for (int step = 0; step < 10; ++step)
    stepShapes<<<8, 128>>>(storage, areas, 0.01f);
  printf("done\n");
  return 0;
}
