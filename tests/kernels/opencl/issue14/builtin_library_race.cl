//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --cl-std=CL2.0
//Not verified: .*kernel `hash_mix_folded`
//Not verified: .*kernel `pack_half_overlap`
//Not verified: .*kernel `split_parts_shared_exponent`
// As builtin_library.cl, wrong: the hash is folded with mad24 into a slot
// two work-items share; half packing stores four halves at a half-index
// step (neighbours overlap); frexp's exponent goes to one global int.

__kernel void hash_mix_folded(__global const int *a, __global uint *out) {
  const size_t i = get_global_id(0);
  out[mad24((int)i, 1, 0) / 2] = popcount(as_uint(a[i])) + rotate(as_uint(a[i]), 3u);
}

__kernel void pack_half_overlap(__global const float4 *src, __global half *dst) {
  const size_t i = get_global_id(0);
  vstore_half4_rte(src[i], i / 2, dst);
}

__kernel void split_parts_shared_exponent(__global const float *x, __global int *exponent,
                                          __global float *out) {
  const size_t i = get_global_id(0);
  out[i] = frexp(x[i], &exponent[0]);
}
