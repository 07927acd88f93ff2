//xfail:NOT_ALL_VERIFIED
//--global_size=1024 --local_size=128
//possible .*race on c\[
// An off-by-one "optimisation": each work item also writes its
// neighbour's element, which the neighbour writes too.
__kernel void vector_add_racy(__global const float *a, __global const float *b,
                              __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
  if (i + 1 < get_global_size(0))
    c[i + 1] = a[i + 1] + b[i + 1] + 1.0f;
}
