//pass
//--local_size=32 --num_groups=4
// Each work-item copies its own chunk of eight consecutive elements.
#define C 8
__kernel void loop_chunk_copy(__global const int *in, __global int *out) {
  unsigned g = get_global_id(0);
  for (unsigned k = 0; k < C; k++)
    out[g * C + k] = in[g * C + k];
}
