//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//possible (write-write|read-write|write-read) race on p\.out
//possible (write-write|read-write|write-read) race on p\.1
// A thread that redirects its copy of a field (`p.out = p.tmp`) writes
// where the others may read: the field buffers stay distinct, but the
// pointer stored in a thread's copy is followed, not the host's. And a
// struct copy that still reads what it writes.
#include <cuda_runtime.h>

struct Bufs {
  float *out;
  float *tmp;
};

__global__ void redirect(Bufs p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    p.tmp = p.out;
  p.tmp[i + 1] = p.out[i];
}

struct Params {
  const float *in;
  float *out;
  int n;
};

// byval_struct_copy.cu reading the output it writes through the copy.
__global__ void copyThenShift(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Params q = p;
  q.out[i] = q.out[i + 1];
}
