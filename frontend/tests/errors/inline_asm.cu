// expect: 4 inline assembly
__global__ void inline_asm(int *a) {
  int lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[threadIdx.x] = lane;
}
