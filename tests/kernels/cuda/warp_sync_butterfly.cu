//pass
//--blockDim=32 --gridDim=1 --warp-sync=32
// One butterfly step inside a warp (read lane t ^ 16, then write own).
__global__ void warp_sync_butterfly(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = t;
  int x = s[t ^ 16];
  s[t] = x + t;
  out[t] = s[t];
}
