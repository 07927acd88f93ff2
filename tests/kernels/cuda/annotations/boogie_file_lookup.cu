//pass
//--blockDim=256 --gridDim=8 --check-array-bounds --boogie-file=tests/kernels/cuda/annotations/boogie_file_lookup.bpl
// A histogram-like lookup: each thread reads the table entry its key hashes
// to. `bucket` is left uninterpreted; the Boogie file bounds it below the
// table size, so every read of `table` is in bounds.
#include <cuda_runtime.h>

#define TABLE 256
DECLARE_UF_UNARY(bucket, unsigned, unsigned)

__global__ void lookup(const unsigned *keys, unsigned *out) {
  __shared__ unsigned table[TABLE];
  unsigned t = threadIdx.x;
  table[t] = t * 7u;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + t;
  out[i] = table[bucket(keys[i])];
}

int main() {
  unsigned *keys, *out;
  cudaMalloc(&keys, 2048 * sizeof(unsigned));
  cudaMalloc(&out, 2048 * sizeof(unsigned));
  lookup<<<8, 256>>>(keys, out);
  cudaDeviceSynchronize();
  return 0;
}
