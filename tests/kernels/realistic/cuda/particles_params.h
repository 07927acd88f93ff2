// Simulation parameters shared by the particle kernels (uniform grid).
#ifndef PARTICLES_PARAMS_H
#define PARTICLES_PARAMS_H
#include <cuda_runtime.h>
#include <helper_math.h>

typedef unsigned int uint;

struct SimParams {
  float3 worldOrigin;
  float3 cellSize;
  uint3 gridSize;
  uint numCells;
  float particleRadius;
};

__constant__ SimParams params;

__device__ int3 calcGridPos(float3 p) {
  int3 gridPos;
  gridPos.x = floorf((p.x - params.worldOrigin.x) / params.cellSize.x);
  gridPos.y = floorf((p.y - params.worldOrigin.y) / params.cellSize.y);
  gridPos.z = floorf((p.z - params.worldOrigin.z) / params.cellSize.z);
  return gridPos;
}

__device__ uint calcGridHash(int3 gridPos) {
  gridPos.x = gridPos.x & (params.gridSize.x - 1);
  gridPos.y = gridPos.y & (params.gridSize.y - 1);
  gridPos.z = gridPos.z & (params.gridSize.z - 1);
  return ((gridPos.z * params.gridSize.y) * params.gridSize.x) + (gridPos.y * params.gridSize.x) +
         gridPos.x;
}
#endif
