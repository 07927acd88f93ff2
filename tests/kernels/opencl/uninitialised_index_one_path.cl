//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible write-write race on hist
// `slot` is assigned only for the first 16 work items; the others write to
// an uninitialised index. mem2reg used to fold "uninitialised or lid" to
// lid, hiding the race.
__kernel void bucket(__global const int *in, __global int *out, __local int *hist) {
  size_t lid = get_local_id(0);
  int slot;
  if (lid < 16) {
    slot = (int)lid;
  }
  hist[slot] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = hist[lid];
}
