//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --kernel-args=integrateBodiesInPlace,*,16384
//race on pos
// n-body integrated in place: a body's position is updated while other
// threads (of every block) still read it for their own accelerations.
#include <cuda_runtime.h>

__global__ void integrateBodiesInPlace(float4 *pos, float4 *vel, float dt, int numBodies) {
  extern __shared__ float4 sharedPos[];
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[index];
  float3 acc = {0.0f, 0.0f, 0.0f};
  for (int tile = 0; tile < numBodies / (int)blockDim.x; tile++) {
    sharedPos[threadIdx.x] = pos[tile * blockDim.x + threadIdx.x];
    __syncthreads();
    for (unsigned int j = 0; j < blockDim.x; j++) {
      float4 q = sharedPos[j];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 0.01f);
      float s = q.w * inv * inv * inv;
      acc.x += dx * s; acc.y += dy * s; acc.z += dz * s;
    }
    __syncthreads();
  }
  float4 v = vel[index];
  v.x += acc.x * dt; v.y += acc.y * dt; v.z += acc.z * dt;
  p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
  pos[index] = p;
  vel[index] = v;
}
