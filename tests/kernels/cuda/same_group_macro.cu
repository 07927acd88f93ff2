//pass
//--blockDim=[32,4] --gridDim=[8,2]
// GPUVerify's spelling `__same_group` (no parentheses) means "the two threads
// are in one block", in a negation and as an argument (issue 12 §5).
__device__ unsigned row_of(unsigned y) { return blockIdx.y * blockDim.y + y; }

__global__ void tile_rows(float *m, unsigned width) {
  __assert(__implies(!__same_group, blockIdx.x != __other_int(blockIdx.x) ||
                                        blockIdx.y != __other_int(blockIdx.y)));
  __assert(__implies(__same_group, threadIdx.x != __other_int(threadIdx.x) ||
                                       threadIdx.y != __other_int(threadIdx.y)));
  __assert(__same_group() == __same_group);
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  m[row_of(threadIdx.y) * width + col] = 0.0f;
}
