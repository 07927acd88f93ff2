//xfail:FRONTEND_ERROR
//--blockDim=64 --gridDim=4
//holds pointers next to other data outside private memory
// A `const Params &` the kernel writes anyway (through const_cast): the
// object is shared by the launch, so it is not modelled as passed by value
// (byval_args.rs); its pointer and data fields in global memory are then
// refused (exit 4) rather than verified as a private copy.
#include <cuda_runtime.h>

struct Params {
  float *out;
  int n;
};

__global__ void countDown(const Params &p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) p.out[i] = 1.0f;
  if (i == 0) const_cast<Params &>(p).n = 0;
}
