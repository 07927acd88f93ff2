//pass
//--blockDim=128 --gridDim=4
// Element offsets on a shared array of structs: each thread accumulates
// into its own record, stated with `__write_offset` (records, not bytes).
#include <cuda_runtime.h>

struct Acc {
  float sum;
  int count;
};

__global__ void accumulate(const float *in, float *out, int rounds) {
  __shared__ Acc acc[128];
  unsigned t = threadIdx.x;
  acc[t].sum = 0.0f;
  acc[t].count = 0;
  for (int r = 0;
       __invariant(__write_implies(acc, __write_offset(acc) == t)),
       __invariant(__read_implies(acc, __read_offset(acc) == t)),
       r < rounds; r++) {
    acc[t].sum += in[blockIdx.x * 128 + t];
    acc[t].count += 1;
  }
  __syncthreads();
  out[blockIdx.x * 128 + t] = acc[127 - t].sum / acc[127 - t].count;
}
