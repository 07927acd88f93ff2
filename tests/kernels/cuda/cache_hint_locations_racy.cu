//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//Write by thread .*cache_hint_locations_racy\.cu:18:3:
//Read by thread .*cache_hint_locations_racy\.cu:15:13:
// A race report locates each access at its own cache-hint call: the
// `__ldg` read at the `__ldg`, the `__stcs` write at the `__stcs` (one
// macro of the device library defines both, so the header location they
// share is told apart by the call nearest the code being lowered).
#include <cuda_runtime.h>

__global__ void streamShift(const float *__restrict__ bias, float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float b = __ldg(&bias[i]);
  float c = __ldcg(&bias[i + 1]);
  float v = __ldg(&data[i + 1]);
  float w = v + b;
  w = w * c;
  __stcs(&data[i], w);
}
