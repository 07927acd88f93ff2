//pass
//--local_size=64 --num_groups=4
void store_at(__global int *p, int i, int v) { p[i] = v; }
__kernel void pointer_param_function(__global int *a) {
  store_at(a, get_global_id(0), 3);
}
