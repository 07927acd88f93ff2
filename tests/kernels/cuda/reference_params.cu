//pass
//--blockDim=128 --gridDim=16
//the reference argument `p` refers to one object that the kernel never writes
//the reference argument `planes` refers to one object
//the reference argument `op` refers to one object
// Launch parameters passed as `const Params &` (a common habit of C++
// programmers: "pass structs by const reference"), read directly and
// through helpers taking `const Params &` too. The kernel never writes the
// object, so it is modelled like a by-value argument: uniform fields
// (the barrier under `p.useTile` is reached by all or none) and one buffer
// per pointer field.
#include <cuda_runtime.h>
#include <helper_cuda.h>

struct Params {
  const float *src;
  float *dst;
  int n;
  float gain;
  bool useTile;
};

__device__ float sample(const Params &p, int i) { return p.gain * p.src[i]; }

__global__ void applyGain(const Params &p) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < p.n ? sample(p, i) : 0.0f;
  if (p.useTile) {
    tile[threadIdx.x] = v;
    __syncthreads();
    v = tile[blockDim.x - 1 - threadIdx.x];
  }
  if (i < p.n) p.dst[i] = v;
}

struct Planes {
  const float *plane[3];
  float *rgb;
  int pixels;
};

__global__ void interleave(const Planes &planes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < planes.pixels) {
    planes.rgb[3 * i] = planes.plane[0][i];
    planes.rgb[3 * i + 1] = planes.plane[1][i];
    planes.rgb[3 * i + 2] = planes.plane[2][i];
  }
}

struct AddBias {
  const float *bias;
  __device__ float operator()(float x, int i) const { return x + bias[i % 64]; }
};

template <class Op>
__global__ void mapIndexed(const Op &op, float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = op(data[i], i);
}

int main() {
  Params *p;
  Planes *planes;
  AddBias *op;
  float *data;
  checkCudaErrors(cudaMallocManaged(&p, sizeof(Params)));
  checkCudaErrors(cudaMallocManaged(&planes, sizeof(Planes)));
  checkCudaErrors(cudaMallocManaged(&op, sizeof(AddBias)));
  checkCudaErrors(cudaMalloc(&data, 2048 * sizeof(float)));
  applyGain<<<16, 128>>>(*p);
  interleave<<<16, 128>>>(*planes);
  mapIndexed<<<16, 128>>>(*op, data, 2048);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
