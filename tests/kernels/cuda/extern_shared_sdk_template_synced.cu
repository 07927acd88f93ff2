//pass
//--blockDim=128 --gridDim=2
// Race-free twin of extern_shared_sdk_template.cu: a barrier separates the
// float staging from the byte-wise scan, and another one separates the
// scan from the int reuse of the same dynamic shared memory.
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
  __syncthreads();
  unsigned char *flags = SharedMemory<unsigned char>();
  unsigned char f = flags[threadIdx.x * 4 + 1];
  __syncthreads();
  stage<int>(f);
  if (f != 0)
    atomicAdd(count, 1);
}
