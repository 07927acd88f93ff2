//pass
//--blockDim=256 --gridDim=64 --kernel-args=calcHashD,16384 --kernel-args=reorderDataAndFindCellStartD,16384 --kernel-args=countCellsD,16384
// Uniform-grid particle binning as the particles sample does it: hash each
// particle to its cell, (sort elsewhere), then find each cell's start and
// end by comparing a particle's hash with its neighbour's through shared
// memory, and a counting variant with global atomics.
#include "particles_params.h"
#include <helper_cuda.h>

__global__ void calcHashD(uint *gridParticleHash, uint *gridParticleIndex, const float4 *pos,
                          uint numParticles) {
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numParticles) return;
  volatile float4 p = pos[index];
  int3 gridPos = calcGridPos(make_float3(p.x, p.y, p.z));
  uint hash = calcGridHash(gridPos);
  gridParticleHash[index] = hash;
  gridParticleIndex[index] = index;
}

__global__ void reorderDataAndFindCellStartD(uint *cellStart, uint *cellEnd, float4 *sortedPos,
                                             const uint *gridParticleHash,
                                             const uint *gridParticleIndex, const float4 *oldPos,
                                             uint numParticles) {
  extern __shared__ uint sharedHash[];  // blockSize + 1 elements
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  uint hash;
  if (index < numParticles) {
    hash = gridParticleHash[index];
    sharedHash[threadIdx.x + 1] = hash;
    if (index > 0 && threadIdx.x == 0) sharedHash[0] = gridParticleHash[index - 1];
  }
  __syncthreads();
  if (index < numParticles) {
    if (index == 0 || hash != sharedHash[threadIdx.x]) {
      cellStart[hash] = index;
      if (index > 0) cellEnd[sharedHash[threadIdx.x]] = index;
    }
    if (index == numParticles - 1) cellEnd[hash] = index + 1;
    uint sortedIndex = gridParticleIndex[index];
    sortedPos[index] = oldPos[sortedIndex];
  }
}

__global__ void countCellsD(uint *cellCount, const uint *gridParticleHash, uint numParticles) {
  uint index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numParticles) return;
  atomicAdd(&cellCount[gridParticleHash[index]], 1u);
}

int main() {
  uint numParticles = 16384;
  uint *dHash, *dIndex, *dStart, *dEnd;
  float4 *dPos, *dSorted;
  cudaMalloc((void **)&dPos, numParticles * sizeof(float4));
  cudaMalloc((void **)&dSorted, numParticles * sizeof(float4));
  cudaMalloc((void **)&dHash, numParticles * sizeof(uint));
  cudaMalloc((void **)&dIndex, numParticles * sizeof(uint));
  cudaMalloc((void **)&dStart, 64 * 64 * 64 * sizeof(uint));
  cudaMalloc((void **)&dEnd, 64 * 64 * 64 * sizeof(uint));
  calcHashD<<<64, 256>>>(dHash, dIndex, dPos, numParticles);
  reorderDataAndFindCellStartD<<<64, 256, 257 * sizeof(uint)>>>(dStart, dEnd, dSorted, dHash,
                                                               dIndex, dPos, numParticles);
  return 0;
}
