//pass
//--local_size=64 --num_groups=2
__kernel void int2_components(__global int2 *v, __global int *out) {
  int i = get_global_id(0);
  int2 p = v[i];
  out[i] = p.x + p.y;
}
