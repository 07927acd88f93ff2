//pass
//--local_size=64 --num_groups=2
// The twin of uninitialised_index_one_path.cl: the other work items write
// their own slot.
__kernel void bucket(__global const int *in, __global int *out, __local int *hist) {
  size_t lid = get_local_id(0);
  int slot;
  if (lid < 16) {
    slot = (int)lid;
  } else {
    slot = (int)lid;
  }
  hist[slot] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = hist[lid];
}
