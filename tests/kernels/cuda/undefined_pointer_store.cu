//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible null pointer access
// Thread 7 stores through a pointer that was never set. LLVM used to delete
// the store (and the branch to it) as undefined behaviour, leaving an
// `llvm.assume(threadIdx.x != 7)`; an uninitialised pointer now starts null
// (frontend/src/uninit.rs), so the store stays and its null check fails.
__global__ void debug_probe(int *trace) {
  int *probe;
  trace[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 7)
    *probe = 3;
}
