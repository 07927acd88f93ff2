//pass
//--blockDim=64 --gridDim=1 --warp-sync=32
// Lanes exchange values with lane t ^ 1 of their own warp without a
// barrier: race-free when warps run in lock step (--warp-sync=32).
__global__ void warp_sync_xor_neighbour(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t * 3;
  out[t] = s[t ^ 1];
}
