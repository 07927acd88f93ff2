//pass
//--local_size=64 --num_groups=2 --global_offset=4294967167
// The largest offset for 128 work-items: their global ids end at 2^32 - 2
// and the global size (128) with the offset still fits 32 bits.
__kernel void shifted_copy(__global int *out, __global const int *in) {
  size_t i = get_global_id(0);
  out[i - get_global_offset(0)] = in[i];
}
