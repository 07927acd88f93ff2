//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible (atomic-read|read-atomic) race on bins\[
//possible write-write race on kept\[
// The racy twin of gnu_atomics_narrow_bins.cl: a 16-bit bin is read
// without the barrier while others still add to it, and the slot is taken
// from a narrow 8-bit counter that wraps (distinct slots need a counter
// that cannot wrap), so two work items may write the same output.
#define BINS 16

typedef unsigned short bin_t;

__kernel void nibble_histogram(__global const uchar *pixels, __global bin_t *hist) {
  __local bin_t bins[BINS];
  const size_t lid = get_local_id(0);
  if (lid < BINS)
    bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  __atomic_fetch_add(&bins[pixels[get_global_id(0)] >> 4], (bin_t)1, __ATOMIC_RELAXED);
  if (lid < BINS)
    hist[get_group_id(0) * BINS + lid] = bins[lid];
}

__kernel void keep_bright(__global const uchar *pixels, __global uint *kept,
                          __global uchar *count) {
  const size_t i = get_global_id(0);
  if (pixels[i] > 200) {
    uchar slot = __atomic_fetch_add(count, (uchar)1, __ATOMIC_RELAXED);
    kept[slot] = (uint)i;
  }
}
