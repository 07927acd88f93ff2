//pass
//--blockDim=128 --gridDim=32
//the array arguments `p.dst`, `p.src` do not alias
// Kernel arguments passed the way production CUDA passes them: one struct
// of launch parameters by value, holding device pointers next to sizes
// (nested structs, an array of pointers, a __grid_constant__ argument, a
// functor holding pointers passed to a template kernel). Every field is a
// kernel parameter in effect: the same in every thread, and each pointer
// field its own buffer (the no-alias rule of pointer arguments).
#include <cuda_runtime.h>
#include <helper_cuda.h>

struct Extent {
  int width;
  int height;
};

struct BlurParams {
  const float *src;
  float *dst;
  Extent extent;
  int iterations;
};

struct Planes {
  float *plane[3];
  int count;
};

template <typename T> struct Scale {
  const T *in;
  T *out;
  T factor;
  __device__ void operator()(int i) const { out[i] = in[i] * factor; }
};

__global__ void blurRows(BlurParams p) {
  // Accumulates a blur over the rows into one output row; the neighbour
  // comes from shared memory. The loop bound reads a field of p: one value for
  // the whole launch, so every thread reaches the barriers together.
  __shared__ float row[128];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < p.extent.height; ++y) {
    row[threadIdx.x] = p.src[y * p.extent.width + x];
    __syncthreads();
    p.dst[x] += 0.5f * (row[threadIdx.x] + row[(threadIdx.x + 1) % blockDim.x]);
    __syncthreads();
  }
}

__global__ void clearPlanes(Planes planes, float value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (planes.count > 2)
    planes.plane[2][i] = value;
  planes.plane[0][i] = value;
  planes.plane[1][i] = planes.plane[0][i] + value;
}

__global__ void shiftCopy(const __grid_constant__ BlurParams p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (p.iterations > 0)
    __syncthreads();
  p.dst[i] = p.src[i];
}

__global__ void advanceCursor(BlurParams p) {
  // A thread's copy of the argument is its own: moving its pointer does
  // not move the other threads'.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p.dst += blockIdx.x * blockDim.x;
  p.dst[threadIdx.x] = p.src[i];
}

template <typename Op> __global__ void apply(Op op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    op(i);
}

template __global__ void apply<Scale<float>>(Scale<float>, int);

int main() {
  const int w = 4096, h = 16;
  BlurParams p;
  p.extent.width = w;
  p.extent.height = h;
  p.iterations = 1;
  checkCudaErrors(cudaMalloc((void **)&p.src, w * h * sizeof(float)));
  checkCudaErrors(cudaMalloc(&p.dst, w * h * sizeof(float)));
  blurRows<<<w / 128, 128>>>(p);
  shiftCopy<<<w / 128, 128>>>(p);
  advanceCursor<<<w / 128, 128>>>(p);
  Planes planes;
  planes.count = 3;
  for (int c = 0; c < 3; ++c)
    checkCudaErrors(cudaMalloc(&planes.plane[c], w * sizeof(float)));
  clearPlanes<<<w / 128, 128>>>(planes, 0.0f);
  Scale<float> scale = {p.src, p.dst, 2.0f};
  apply<<<w / 128, 128>>>(scale, w);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
