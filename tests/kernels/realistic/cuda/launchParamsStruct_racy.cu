//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
//possible (write-write|read-write|write-read) race on p\.dst
//possible (write-write|read-write|write-read) race on planes\.plane\[1\]
//barrier may be reached by non-uniform control flow
//possible (write-write|read-write|write-read) race on op\.1
// launchParamsStruct.cu with the defects a launch-parameter struct hides:
// writes through fields one element off (races between neighbours), a
// barrier under a guard that mixes a field with the thread id (divergent),
// and a functor whose output index ignores the thread.
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
  __device__ void operator()(int i) const { out[i / 2] = in[i] * factor; }
};

__global__ void blurRowsOffByOne(BlurParams p) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  for (int y = 0; y < p.extent.height; ++y)
    p.dst[x + (y & 1)] = p.src[y * p.extent.width + x];
}

__global__ void clearPlanesShifted(Planes planes, float value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  planes.plane[0][i] = value;
  planes.plane[1][i] = planes.plane[1][i + 1] + planes.plane[0][i];
}

__global__ void partialSync(const __grid_constant__ BlurParams p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < p.iterations)
    __syncthreads();
  p.dst[i] = p.src[i];
}

template <typename Op> __global__ void apply(Op op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    op(i);
}

template __global__ void apply<Scale<float>>(Scale<float>, int);

int main() {
  const int w = 4096;
  BlurParams p;
  p.extent.width = w;
  p.extent.height = 16;
  p.iterations = 1;
  checkCudaErrors(cudaMalloc((void **)&p.src, 16 * w * sizeof(float)));
  checkCudaErrors(cudaMalloc(&p.dst, w * sizeof(float)));
  blurRowsOffByOne<<<w / 128, 128>>>(p);
  partialSync<<<w / 128, 128>>>(p);
  Planes planes;
  planes.count = 2;
  for (int c = 0; c < 2; ++c)
    checkCudaErrors(cudaMalloc(&planes.plane[c], (w + 1) * sizeof(float)));
  clearPlanesShifted<<<w / 128, 128>>>(planes, 0.0f);
  Scale<float> scale = {p.src, p.dst, 2.0f};
  apply<<<w / 128, 128>>>(scale, w);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
