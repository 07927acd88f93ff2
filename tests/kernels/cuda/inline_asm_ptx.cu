//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=1
//inline_asm_ptx.cu:6:.*unsupported: inline assembly
// Real PTX is refused at the statement, naming it.
__device__ __forceinline__ unsigned lane_id() {
  unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); return r;
}
__global__ void lanes(unsigned *out) { out[threadIdx.x] = lane_id(); }
