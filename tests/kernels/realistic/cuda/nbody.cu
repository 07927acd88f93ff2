//pass
//--blockDim=256 --gridDim=64 --kernel-args=integrateBodies,*,*,16384
// All-pairs n-body: each block stages tiles of body positions (float4) in
// shared memory, every thread accumulates the acceleration of its body,
// then integrates. Position arrays are double-buffered (read old, write new).
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define SOFTENING_SQUARED 0.01f

__device__ float3 bodyBodyInteraction(float3 ai, float4 bi, float4 bj) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING_SQUARED;
  float invDist = rsqrtf(distSqr);
  float invDistCube = invDist * invDist * invDist;
  float s = bj.w * invDistCube;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__device__ float3 computeBodyAccel(float4 bodyPos, float4 *positions, int numTiles, cg::thread_block cta) {
  extern __shared__ float4 sharedPos[];
  float3 acc = {0.0f, 0.0f, 0.0f};
  for (int tile = 0; tile < numTiles; tile++) {
    sharedPos[threadIdx.x] = positions[tile * blockDim.x + threadIdx.x];
    cg::sync(cta);
#pragma unroll 128
    for (unsigned int counter = 0; counter < blockDim.x; counter++) {
      acc = bodyBodyInteraction(acc, bodyPos, sharedPos[counter]);
    }
    cg::sync(cta);
  }
  return acc;
}

__global__ void integrateBodies(float4 *__restrict__ newPos, float4 *__restrict__ oldPos, float4 *vel,
                                float deltaTime, float damping, int numBodies) {
  cg::thread_block cta = cg::this_thread_block();
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= numBodies) return;
  float4 position = oldPos[index];
  float3 accel = computeBodyAccel(position, oldPos, numBodies / blockDim.x, cta);
  float4 velocity = vel[index];
  velocity.x += accel.x * deltaTime;
  velocity.y += accel.y * deltaTime;
  velocity.z += accel.z * deltaTime;
  velocity.x *= damping;
  velocity.y *= damping;
  velocity.z *= damping;
  position.x += velocity.x * deltaTime;
  position.y += velocity.y * deltaTime;
  position.z += velocity.z * deltaTime;
  newPos[index] = position;
  vel[index] = velocity;
}

void integrateNbodySystem(float4 *newPos, float4 *oldPos, float4 *vel, float deltaTime, float damping,
                          int numBodies, int blockSize) {
  int numBlocks = (numBodies + blockSize - 1) / blockSize;
  int sharedMemSize = blockSize * 4 * sizeof(float);
  integrateBodies<<<numBlocks, blockSize, sharedMemSize>>>(newPos, oldPos, vel, deltaTime, damping, numBodies);
  getLastCudaError("Kernel execution failed");
}
