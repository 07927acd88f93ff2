//pass
//--blockDim=64 --gridDim=2
// Polymorphic objects (a vtable pointer next to data) placed in shared
// memory with placement new, one per thread: each thread constructs and
// calls its own object, the barrier publishes the counts.
#include <cuda_runtime.h>
#include <new>

struct Counter {
  int count;
  __device__ Counter() : count(0) {}
  __device__ virtual void bump(int k) { count += k; }
};

struct DoubleCounter : Counter {
  __device__ void bump(int k) override { count += 2 * k; }
};

__global__ void per_thread_counters(int *out, bool twice) {
  __shared__ __align__(8) char counters_raw[64 * sizeof(DoubleCounter)];
  Counter *c = reinterpret_cast<Counter *>(counters_raw) + threadIdx.x;
  if (twice) new (c) DoubleCounter(); else new (c) Counter();
  c->bump(3);
  __syncthreads();
  Counter *left = reinterpret_cast<Counter *>(counters_raw) + (threadIdx.x + 63) % 64;
  out[blockIdx.x * blockDim.x + threadIdx.x] = left->count + c->count;
}

int main() {
  int *out;
  cudaMalloc(&out, 128 * sizeof(int));
  per_thread_counters<<<2, 64>>>(out, true);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
