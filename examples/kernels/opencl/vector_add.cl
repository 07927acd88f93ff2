//pass
//--global_size=1024 --local_size=128
// c = a + b, one work item per element: the hello world of GPU code.
__kernel void vector_add(__global const float *a, __global const float *b,
                         __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}
