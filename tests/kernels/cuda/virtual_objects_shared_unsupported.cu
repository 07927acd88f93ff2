//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2
//virtual_objects_shared_unsupported.cu:2[0-9]:[0-9]+: error: unsupported: an object with virtual methods \(C\+\+ polymorphism\) in shared or global memory \(its vtable pointer is read or written at virtual_objects_shared_unsupported.cu:2[0-9]:[0-9]+\): `counters_raw` may hold its vtable pointer.* \(in `per_thread_counters`\)
// Polymorphic objects (a vtable pointer next to data) placed in shared
// memory with placement new: not modelled yet, refused at the access.
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
  out[blockIdx.x * blockDim.x + threadIdx.x] = c->count;
}
