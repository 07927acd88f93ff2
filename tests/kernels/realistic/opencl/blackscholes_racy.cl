//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=256 --kernel-args=BlackScholesLocalStride,*,*,4000000
//race on d_Call
// The option loop strided by the local size instead of the global size:
// work-groups overlap.
__kernel void BlackScholesLocalStride(__global float *d_Call, __global const float *d_S, __global const float *d_X,
                                      float R, float V, unsigned int optN) {
  for (unsigned int opt = get_global_id(0); opt < optN; opt += get_local_size(0))
    d_Call[opt] = d_S[opt] - d_X[opt] * exp(-R) * V + (float)get_group_id(0);
}
