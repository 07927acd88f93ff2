//pass
//--blockDim=64 --gridDim=1
// warpSize is 32 and __syncwarp() orders the lanes of one warp: lane t
// reads the cell lane t ^ 31 of its own warp wrote before the __syncwarp.
__global__ void warp_size_use(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  a[threadIdx.x] = s[threadIdx.x ^ (warpSize - 1)];
}
