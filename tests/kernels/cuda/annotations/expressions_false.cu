//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//expressions_false.cu:10:3: error: this assertion might not hold
//expressions_false.cu:15:3: error: this assertion might not hold
//expressions_false.cu:20:3: error: this assertion might not hold
// Twins of expressions.cu that do not hold, one kernel each.
DECLARE_UF_UNARY(cost, unsigned, unsigned)

__global__ void wraps(unsigned *out) {
  __assert(__add_noovfl_unsigned_int(threadIdx.x, 0xffffffffu));
  out[blockIdx.x * 64 + threadIdx.x] = threadIdx.x;
}

__global__ void exclusive(unsigned *out) {
  __assert(__exclusive(threadIdx.x < 64));
  out[blockIdx.x * 64 + threadIdx.x] = 0;
}

__global__ void no_axiom(unsigned *out) {
  __assert(cost(0) == 1);
  out[blockIdx.x * 64 + threadIdx.x] = cost(threadIdx.x);
}
