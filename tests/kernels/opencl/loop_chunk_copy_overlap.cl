//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
//possible write-write race on out\[
// Chunks of eight, but nine elements copied: neighbours overlap.
#define C 8
__kernel void loop_chunk_copy_overlap(__global const int *in, __global int *out) {
  unsigned g = get_global_id(0);
  for (unsigned k = 0; k <= C; k++)
    out[g * C + k] = in[g];
}
