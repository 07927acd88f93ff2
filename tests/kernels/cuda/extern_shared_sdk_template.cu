//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//possible (write-read|read-write) race on
// The SDK's SharedMemory<T> idiom: each specialisation declares its own
// extern __shared__ array, but all of them are the one dynamic shared
// memory. The float reduction's staging writes and the byte-wise flag
// scan's reads (another width) overlap without a barrier between them.
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <> struct SharedMemory<unsigned char> {
  __device__ inline operator unsigned char *() {
    extern __shared__ unsigned char __smem_bytes[];
    return __smem_bytes;
  }
};

template <class T> __device__ void stage(T v) {
  T *s = SharedMemory<T>();
  s[threadIdx.x] = v;
}

__global__ void stage_then_scan_flags(const float *in, int *count) {
  stage<float>(in[blockIdx.x * blockDim.x + threadIdx.x]);
  // Missing __syncthreads(): byte t is part of the float of thread t / 4.
  unsigned char *flags = SharedMemory<unsigned char>();
  if (flags[threadIdx.x] != 0)
    atomicAdd(count, 1);
}
