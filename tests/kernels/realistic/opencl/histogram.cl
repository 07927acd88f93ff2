//pass
//--local_size=256 --num_groups=64 -DBIN_COUNT=256 --kernel=histogram_local_atomics --kernel=histogram_partial
// 256-bin histogram: local sub-histogram with local atomics, merged into
// the global one with global atomics; and the per-work-group partial
// histograms plus a reduction kernel (no global atomics).
#ifndef BIN_COUNT
#define BIN_COUNT 256
#endif

__kernel void histogram_local_atomics(__global const uchar *data, uint n, __global uint *histogram) {
  __local uint lhist[BIN_COUNT];
  uint lid = get_local_id(0);
  for (uint b = lid; b < BIN_COUNT; b += get_local_size(0)) lhist[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&lhist[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < BIN_COUNT; b += get_local_size(0)) atomic_add(&histogram[b], lhist[b]);
}

__kernel void histogram_partial(__global const uint4 *data, __global uint *partial, uint n4) {
  __local uint lhist[BIN_COUNT];
  uint lid = get_local_id(0);
  lhist[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n4; i += get_global_size(0)) {
    uint4 v = data[i];
    atomic_inc(&lhist[v.x & 0xFF]);
    atomic_inc(&lhist[v.y & 0xFF]);
    atomic_inc(&lhist[v.z & 0xFF]);
    atomic_inc(&lhist[v.w & 0xFF]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  partial[get_group_id(0) * BIN_COUNT + lid] = lhist[lid];
}

__kernel void histogram_merge(__global const uint *partial, __global uint *histogram, uint groups) {
  uint bin = get_global_id(0);
  uint sum = 0;
  for (uint g = 0; g < groups; g++) sum += partial[g * BIN_COUNT + bin];
  histogram[bin] = sum;
}
