//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1 --warp-sync=32
//possible write-read race on s\[
// Lane t reads the cell of thread t + 32, in the other warp: lock-step
// warps do not order accesses between warps.
__global__ void warp_sync_across_warps(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  out[t] = s[(t + 32) % 64];
}
