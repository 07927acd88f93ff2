//pass
//--local_size=64 --num_groups=16
//`tone_curve` has no body: its result is arbitrary
// Tone mapping that calls a helper linked from another program: the
// verdict lists what was assumed about the missing body.
#include "include/tone_curve.h"

__kernel void tone_map(__global const float4 *hdr, __global float4 *ldr, float exposure) {
  const int i = get_global_id(0);
  float4 px = hdr[i];
  float l = dot(px.xyz, (float3)(0.2126f, 0.7152f, 0.0722f));
  ldr[i] = px * (tone_curve(l, exposure) / fmax(l, 1e-4f));
}
