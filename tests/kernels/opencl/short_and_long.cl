//pass
//--local_size=64 --num_groups=2
__kernel void short_and_long(__global short *s, __global long *l) {
  int i = get_global_id(0);
  l[i] = (long)s[i] * 3;
}
