//pass
//--blockDim=32 --gridDim=1 --warp-sync=32
// The last steps of a reduction inside one warp, without barriers
// (lock-step warps; loop-free).
__global__ void warp_sync_tail_reduction(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  s[t + 32] = 0;
  s[t] += s[t + 16];
  s[t] += s[t + 8];
  s[t] += s[t + 4];
  s[t] += s[t + 2];
  s[t] += s[t + 1];
  if (t == 0) out[0] = s[0];
}
