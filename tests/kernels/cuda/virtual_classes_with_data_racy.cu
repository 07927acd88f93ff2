//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-write race on out\[
// virtual_classes_with_data.cu with one override publishing its result to
// a fixed slot: every thread calling it writes out[0].
#include <cuda_runtime.h>

class Shape {
public:
  __device__ explicit Shape(float s) : scale(s) {}
  __device__ virtual ~Shape() {}
  __device__ virtual void store(float *out, int i, float x) const = 0;

protected:
  float scale;
};

class Square : public Shape {
public:
  __device__ explicit Square(float s) : Shape(s) {}
  __device__ void store(float *out, int i, float x) const override { out[i] = scale * x * x; }
};

class Total : public Shape {
public:
  __device__ explicit Total(float s) : Shape(s) {}
  __device__ void store(float *out, int i, float x) const override { out[0] = scale * x; }
};

__global__ void store_all(float *out, const float *in, bool total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Shape *p = total ? static_cast<Shape *>(new Total(1.0f)) : static_cast<Shape *>(new Square(2.0f));
  p->store(out, i, in[i]);
  delete p;
}
