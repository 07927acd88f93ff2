//pass
//--local_size=256 --num_groups=32
// A 256-bin histogram of bytes: per-group bins in local memory filled
// with atomics, then merged into the global bins with atomics.
#define BINS 256

__kernel void histogram(__global const uchar *data, __global uint *bins) {
  __local uint local_bins[BINS];
  size_t lid = get_local_id(0);
  local_bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&local_bins[data[get_global_id(0)]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&bins[lid], local_bins[lid]);
}
