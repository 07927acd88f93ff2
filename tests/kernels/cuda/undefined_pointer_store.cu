//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//undefined behaviour reached
// Thread 7 stores through a pointer that was never set. LLVM deletes the
// store (and the branch to it) as undefined behaviour, leaving an
// `llvm.assume(threadIdx.x != 7)`; the verifier must report the path.
__global__ void debug_probe(int *trace) {
  int *probe;
  trace[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 7)
    *probe = 3;
}
