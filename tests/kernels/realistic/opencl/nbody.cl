//pass
//--local_size=256 --num_groups=32 --kernel-args=nbody_sim,8192,*,*
// n-body with float4 positions (w = mass), local tiles of positions passed
// as a __local argument, double-buffered positions.
__kernel void nbody_sim(__global const float4 *pos, __global float4 *vel, int numBodies, float deltaTime,
                        float epsSqr, __local float4 *localPos, __global float4 *newPosition,
                        __global float4 *newVelocity) {
  unsigned int tid = get_local_id(0);
  unsigned int gid = get_global_id(0);
  unsigned int localSize = get_local_size(0);
  unsigned int numTiles = numBodies / localSize;
  float4 myPos = pos[gid];
  float4 acc = (float4)(0.0f, 0.0f, 0.0f, 0.0f);
  for (int i = 0; i < numTiles; ++i) {
    int idx = i * localSize + tid;
    localPos[tid] = pos[idx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < localSize; ++j) {
      float4 r = localPos[j] - myPos;
      float distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
      float invDist = 1.0f / sqrt(distSqr + epsSqr);
      float invDistCube = invDist * invDist * invDist;
      float s = localPos[j].w * invDistCube;
      acc += s * r;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float4 oldVel = vel[gid];
  float4 newPos = myPos + oldVel * deltaTime + acc * 0.5f * deltaTime * deltaTime;
  newPos.w = myPos.w;
  float4 newVel = oldVel + acc * deltaTime;
  newPosition[gid] = newPos;
  newVelocity[gid] = newVel;
}
