//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=32
//possible .*race on local_bins
// A plain increment instead of atomic_inc: two work items reading the
// same byte value update the same bin.
#define BINS 256

__kernel void histogram_racy(__global const uchar *data, __global uint *bins) {
  __local uint local_bins[BINS];
  size_t lid = get_local_id(0);
  local_bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  local_bins[data[get_global_id(0)]]++;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&bins[lid], local_bins[lid]);
}
