//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-read race on s\[
// warp_sync_xor_neighbour without --warp-sync: racy (the default
// assumes nothing about warps).
__global__ void warp_sync_xor_neighbour_portable(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t * 3;
  out[t] = s[t ^ 1];
}
