//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//possible read-write race on s\[
// warp_sync_butterfly without --warp-sync.
__global__ void warp_sync_butterfly_portable(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = t;
  int x = s[t ^ 16];
  s[t] = x + t;
  out[t] = s[t];
}
