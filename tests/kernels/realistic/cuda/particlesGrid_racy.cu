//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --kernel-args=reorderNoSync,16384 --kernel-args=countCellsPlain,16384
//race on (sharedHash|cellCount)
// The cell-start search without the barrier between publishing the hashes
// and reading the neighbour's, and the cell counter incremented with a
// plain read-modify-write instead of atomicAdd.
#include "particles_params.h"

__global__ void reorderNoSync(uint *cellStart, uint *cellEnd, const uint *gridParticleHash,
                              uint numParticles) {
  extern __shared__ uint sharedHash[];
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numParticles) return;
  uint hash = gridParticleHash[index];
  sharedHash[threadIdx.x + 1] = hash;
  if (index > 0 && threadIdx.x == 0) sharedHash[0] = gridParticleHash[index - 1];
  if (index == 0 || hash != sharedHash[threadIdx.x]) {
    cellStart[hash] = index;
    if (index > 0) cellEnd[sharedHash[threadIdx.x]] = index;
  }
}

__global__ void countCellsPlain(uint *cellCount, const uint *gridParticleHash, uint numParticles) {
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numParticles) return;
  cellCount[gridParticleHash[index]] += 1;
}
