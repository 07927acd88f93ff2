//pass
//--blockDim=64 --gridDim=2
// Frames and non-temporal brackets in CUDA device functions: accepted,
// not needed (device functions are inlined).
__device__ int load_pair(const int *src, int i) {
  __reads_from(src);
  __non_temporal_loads_begin();
  int v = src[i] + src[i + 1];
  __non_temporal_loads_end();
  return v;
}

__device__ void store(int *dst, int i, int v) {
  __writes_to(dst);
  dst[i] = v;
}

__global__ void pairs(const int *src, int *dst) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  store(dst, g, load_pair(src, 2 * g));
}
