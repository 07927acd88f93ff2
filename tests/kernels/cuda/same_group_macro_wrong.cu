//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,4] --gridDim=[8,2]
//same_group_macro_wrong\.cu:9:[0-9]+: error: this assertion might not hold
// Twin of same_group_macro.cu: threads of different blocks may share a
// thread index, so the assertion fails. (When `__same_group` was the
// function's address it was always true and this assertion "verified".)
__global__ void tile_rows(float *m, unsigned width) {
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  __assert(__implies(!__same_group, threadIdx.x != __other_int(threadIdx.x)));
  m[(blockIdx.y * blockDim.y + threadIdx.y) * width + col] = 0.0f;
}
