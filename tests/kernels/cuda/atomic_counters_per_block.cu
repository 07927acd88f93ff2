//pass
//--blockDim=32 --gridDim=4
// Per-block and global counters, all atomic.
__global__ void atomic_counters_per_block(int *per_block, int *total, int *peak) {
  atomicAdd(&per_block[blockIdx.x], 1);
  atomicAdd(total, 1);
  atomicMax(peak, (int)threadIdx.x);
}
