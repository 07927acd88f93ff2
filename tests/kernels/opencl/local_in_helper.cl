//pass
//--local_size=64 --num_groups=2
void fill(__local int *s, int l) { s[l] = l; }
__kernel void local_in_helper(__global int *out) {
  __local int buf[64];
  fill(buf, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[63 - get_local_id(0)];
}
