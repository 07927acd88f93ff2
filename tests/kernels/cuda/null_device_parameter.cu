//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible null pointer access|undefined behaviour reached
// A device function is handed a null pointer by the threads past the end of
// the data; it writes through its parameter unconditionally.
template <typename T> __device__ void accumulate(T *slot, T v) { *slot += v; }

__global__ void histogram_tail(int *bins, const int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ int local_bins[64];
  local_bins[threadIdx.x] = 0;
  __syncthreads();
  int *slot = i < n ? &local_bins[threadIdx.x] : nullptr;
  accumulate(slot, data[i]);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], local_bins[threadIdx.x]);
}
