//pass
//--blockDim=64 --gridDim=4
// Polymorphic classes with data members, built by each thread on the
// stack or with device `new`, as device-side object code does: the vtable
// slot is a function id, the fields are the object's own memory, and the
// virtual call is a case split over the overriding methods.
#include <cuda_runtime.h>
#include <new>

class Shape {
public:
  __device__ explicit Shape(float s) : scale(s) {}
  __device__ virtual ~Shape() {}
  __device__ virtual float area(float x) const = 0;
  __device__ void rescale(float f) { scale *= f; }

protected:
  float scale;
};

class Square : public Shape {
public:
  __device__ Square(float s, float b) : Shape(s), bias(b) {}
  __device__ float area(float x) const override { return scale * x * x + bias; }

private:
  float bias;
};

class Circle : public Shape {
public:
  __device__ explicit Circle(float s) : Shape(s) {}
  __device__ float area(float x) const override { return 3.14159f * scale * x * x; }
};

__global__ void areas_heap(float *__restrict__ out, const float *__restrict__ in, bool square) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Shape *p = square ? static_cast<Shape *>(new Square(2.0f, 1.0f))
                    : static_cast<Shape *>(new Circle(0.5f));
  p->rescale(in[i]);
  out[i] = p->area(in[i]);
  delete p;
}

__global__ void areas_stack(float *__restrict__ out, const float *__restrict__ in, int kind) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Square s(1.0f, 0.25f);
  Circle c(2.0f);
  Shape *shapes[2] = {&s, &c};
  Shape *p = shapes[kind & 1];
  p->rescale(0.5f);
  out[i] = p->area(in[i]);
}

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, 256 * sizeof(float));
  cudaMalloc(&d_out, 256 * sizeof(float));
  areas_heap<<<4, 64>>>(d_out, d_in, true);
  areas_stack<<<4, 64>>>(d_out, d_in, 1);
  cudaDeviceSynchronize();
  return 0;
}
