//xfail:COMMAND_LINE_ERROR
//--blockDim=1024 --gridDim=4194305
//too large to model in dimension x
//4194305 x --local_size \(--blockDim\) 1024 = 4294968320 threads, above the limit 4294967295
// 2^32 + 1024 threads in x: the block and grid ids no longer fit 32 bits
// with the global id, so the launch is refused rather than proved vacuously
// (the race on `partial` and the divergent barrier below would otherwise
// "verify").

#define BLOCK 1024

__global__ void scale_rows(float *out, const float *in) {
  __shared__ float partial[BLOCK];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  partial[t % 32] = in[gid];          // threads t and t + 32 race
  if (t < 16) {
    __syncthreads();                  // reached by 16 threads of 1024
  }
  out[gid] = partial[t % 32] * 2.0f;
}
