//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
//race on temp\[
// annotated_classics.cu with one __syncthreads missing in each kernel (the
// scan's up-sweep, the histogram's zeroing, the sort's compare-exchange,
// the tile reload): the annotations still hold and every kernel is
// reported.
#include <cuda_runtime.h>
#include <cstdio>

#define N 256      // elements per block (2 * blockDim.x)
#define BINS 64

// Work-efficient exclusive scan (Blelloch) of one block's N elements.
template <typename T>
__global__ void scanBlelloch(T *out, const T *in) {
  __requires(blockDim.x == N / 2);
  __shared__ T temp[N];
  int t = threadIdx.x;
  int base = blockIdx.x * N;
  int offset = 1;
  temp[2 * t] = in[base + 2 * t];
  temp[2 * t + 1] = in[base + 2 * t + 1];
  for (int d = N >> 1;
       __global_invariant(__is_pow2(offset)),
       __global_invariant(__implies(d > 0, offset * 2 * d == N)),
       __global_invariant(__implies(d == 0, offset == N)),
       __invariant(__implies(__write(temp) | __read(temp), t < 2 * d | (d == 0 & t == 0))),
       d > 0; d >>= 1) {
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (t == 0)
    temp[N - 1] = 0;
  for (int d = 1;
       __global_invariant(__is_pow2(d)),
       __global_invariant(offset * d == N),
       __invariant(__implies(__write(temp) | __read(temp), 2 * t < d | t == 0)),
       d < N; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      T v = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += v;
    }
  }
  __syncthreads();
  out[base + 2 * t] = temp[2 * t];
  out[base + 2 * t + 1] = temp[2 * t + 1];
}

// Shared-memory histogram with atomics, one partial histogram per block.
__global__ void histogramShared(const unsigned char *data, unsigned int *partial, unsigned int n) {
  __requires(n == 4096);
  __shared__ unsigned int bins[BINS];
  for (int b = threadIdx.x; __invariant(b % blockDim.x == threadIdx.x), b < BINS; b += blockDim.x)
    bins[b] = 0;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; __invariant(b % blockDim.x == threadIdx.x), b < BINS; b += blockDim.x)
    partial[blockIdx.x * BINS + b] = bins[b];
}

// Bitonic sort of one block's N keys in shared memory.
__global__ void bitonicSortShared(unsigned int *keys) {
  __requires(blockDim.x == N / 2);
  __shared__ unsigned int s[N];
  int t = threadIdx.x;
  int base = blockIdx.x * N;
  s[t] = keys[base + t];
  s[t + N / 2] = keys[base + t + N / 2];
  for (unsigned int size = 2; __global_invariant(__is_pow2(size)), size <= N; size <<= 1) {
    for (unsigned int stride = size / 2;
         __global_invariant(__is_pow2(stride) | stride == 0),
         __global_invariant(stride < size),
         stride > 0; stride >>= 1) {
      unsigned int pos = 2 * t - (t & (stride - 1));
      bool up = ((t & (size / 2)) == 0) | (size == N);
      unsigned int a = s[pos], b = s[pos + stride];
      if ((a > b) == up) {
        s[pos] = b;
        s[pos + stride] = a;
      }
    }
  }
  __syncthreads();
  keys[base + t] = s[t];
  keys[base + t + N / 2] = s[t + N / 2];
}

// One row strip of C = A * B per block: the row of A staged in shared
// memory 128 columns at a time.
__global__ void matMulRowStrip(float *C, const float *A, const float *B, int wA, int wB) {
  __requires(wA == 256);
  __requires(wB == 256);
  __shared__ float As[128];
  int t = threadIdx.x;
  int row = blockIdx.x;
  float acc = 0.0f;
  for (int k0 = 0;
       __global_invariant(k0 % 128 == 0),
       __invariant(k0 >= 0 & k0 <= wA),
       k0 < wA; k0 += 128) {
    As[t] = A[row * wA + k0 + t];
    __syncthreads();
    for (int k = 0; __invariant(k >= 0 & k <= 128), k < 128; k++)
      acc += As[k] * B[(k0 + k) * wB + t];
  }
  C[row * wB + t] = acc;
  C[row * wB + t + 128] = 0.0f;
}

int main() {
  float *fin, *fout, *A, *B, *C;
  unsigned int *keys, *partial;
  unsigned char *data;
  cudaMalloc(&fin, 32 * N * sizeof(float));
  cudaMalloc(&fout, 32 * N * sizeof(float));
  cudaMalloc(&keys, 32 * N * sizeof(unsigned int));
  cudaMalloc(&data, 4096);
  cudaMalloc(&partial, 32 * BINS * sizeof(unsigned int));
  cudaMalloc(&A, 32 * 256 * sizeof(float));
  cudaMalloc(&B, 256 * 256 * sizeof(float));
  cudaMalloc(&C, 32 * 256 * sizeof(float));
  scanBlelloch<float><<<32, N / 2>>>(fout, fin);
  histogramShared<<<32, 128>>>(data, partial, 4096);
  bitonicSortShared<<<32, N / 2>>>(keys);
  matMulRowStrip<<<32, 128>>>(C, A, B, 256, 256);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
