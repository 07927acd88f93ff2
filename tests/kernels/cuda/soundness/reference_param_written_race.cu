//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible (write-write|read-write|write-read) race on b
// A reference argument the kernel writes is shared memory of the launch,
// not a per-thread copy: thread 0 of every block swaps the two pointers
// while the other threads read them. The by-value model of reference
// arguments (byval_args.rs) must not apply.
#include <cuda_runtime.h>

struct Bufs {
  float *front;
  float *back;
};

__global__ void swapAndCopy(Bufs &b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    float *t = b.front;
    b.front = b.back;
    b.back = t;
  }
  b.back[i] = b.front[i];
}
