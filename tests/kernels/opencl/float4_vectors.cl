//pass
//--local_size=64 --num_groups=2
__kernel void float4_vectors(__global float4 *v) {
  int i = get_global_id(0);
  float4 x = v[i];
  v[i] = x * 2.0f + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
}
