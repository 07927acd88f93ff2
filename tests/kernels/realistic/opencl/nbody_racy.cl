//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=32 --kernel-args=nbody_no_second_barrier,8192,*,*
//race on localPos
// n-body without the barrier at the end of the tile loop.
__kernel void nbody_no_second_barrier(__global const float4 *pos, __global float4 *vel, int numBodies, float dt,
                                      float epsSqr, __local float4 *localPos, __global float4 *newPosition) {
  unsigned int tid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  float4 myPos = pos[gid];
  float4 acc = (float4)(0.0f);
  for (int i = 0; i < numBodies / ls; ++i) {
    localPos[tid] = pos[i * ls + tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < ls; ++j) {
      float4 r = localPos[j] - myPos;
      float inv = rsqrt(r.x * r.x + r.y * r.y + r.z * r.z + epsSqr);
      acc += localPos[j].w * inv * inv * inv * r;
    }
  }
  newPosition[gid] = myPos + vel[gid] * dt + 0.5f * acc * dt * dt;
}
