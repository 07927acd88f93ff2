//xfail:COMMAND_LINE_ERROR
//--local_size=64 --num_groups=2 --global_offset=4294967295
//too large to model in dimension x
//\+ --global_offset 4294967295 = 4294967423 threads
// With this offset the global ids of 128 work-items do not fit a 32-bit
// size_t: get_global_id would wrap to 0..126 and two work-items of
// different groups write the same element.
__kernel void shifted_copy(__global int *out, __global const int *in) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}
