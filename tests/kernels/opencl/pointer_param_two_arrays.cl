//pass
//--local_size=64 --num_groups=4
void inc(__global int *p, int i) { p[i] = p[i] + 1; }
__kernel void pointer_param_two_arrays(__global int *a, __global int *b) {
  inc(a, get_global_id(0));
  inc(b, get_global_id(0));
}
