//pass
//--blockDim=256 --gridDim=32
// Prefix sums as the textbook chapters write them: the naive double-buffered
// Hillis-Steele scan and the work-efficient Blelloch scan with bank-conflict
// padding, plus the uniform add that stitches block sums back.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void scan_naive(float *g_odata, const float *g_idata, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int pout = 0, pin = 1;
  temp[pout * n + thid] = (thid > 0) ? g_idata[blockIdx.x * n + thid - 1] : 0;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
    else
      temp[pout * n + thid] = temp[pin * n + thid];
    __syncthreads();
  }
  g_odata[blockIdx.x * n + thid] = temp[pout * n + thid];
}

__global__ void prescan(float *g_odata, const float *g_idata, float *g_sums, int n) {
  __shared__ float temp[2 * 256 + (2 * 256) / NUM_BANKS];
  int thid = threadIdx.x;
  int base = blockIdx.x * n;
  int offset = 1;
  int ai = thid;
  int bi = thid + (n / 2);
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = g_idata[base + ai];
  temp[bi + bankOffsetB] = g_idata[base + bi];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  if (thid == 0) {
    int last = n - 1 + CONFLICT_FREE_OFFSET(n - 1);
    g_sums[blockIdx.x] = temp[last];
    temp[last] = 0;
  }
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      float t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  g_odata[base + ai] = temp[ai + bankOffsetA];
  g_odata[base + bi] = temp[bi + bankOffsetB];
}

__global__ void uniform_add(float *g_data, const float *uniforms, int n) {
  __shared__ float uni;
  if (threadIdx.x == 0) uni = uniforms[blockIdx.x];
  __syncthreads();
  unsigned int address = blockIdx.x * (blockDim.x << 1) + threadIdx.x;
  g_data[address] += uni;
  g_data[address + blockDim.x] += uni;
}

int main() {
  const int blocks = 32, threads = 256, n = 2 * threads;
  float *d_in, *d_out, *d_sums;
  checkCudaErrors(cudaMalloc(&d_in, blocks * n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, blocks * n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_sums, blocks * sizeof(float)));
  scan_naive<<<blocks, threads, 2 * threads * sizeof(float)>>>(d_out, d_in, threads);
  prescan<<<blocks, threads>>>(d_out, d_in, d_sums, n);
  uniform_add<<<blocks, threads>>>(d_out, d_sums, n);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
