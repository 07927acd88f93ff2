//pass
//--local_size=64 --num_groups=4
// Byte-oriented statistics as image and compression codes write them with
// the GNU __atomic builtins (clang lowers them to sized library calls on
// SPIR): 16-bit local bins, 8-bit "seen" flags, a 32-bit global counter
// handing out output slots. Atomics of every width are race-free among
// themselves; the plain reads come after the barrier.
#define BINS 16

typedef unsigned short bin_t;

static inline uchar bucket(uchar v) { return v >> 4; }

__kernel void nibble_histogram(__global const uchar *pixels, __global bin_t *hist,
                               __global uchar *seen) {
  __local bin_t bins[BINS];
  const size_t lid = get_local_id(0);
  if (lid < BINS)
    bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  const uchar b = bucket(pixels[get_global_id(0)]);
  __atomic_fetch_add(&bins[b], (bin_t)1, __ATOMIC_RELAXED);
  __atomic_fetch_or(&seen[b], (uchar)1, __ATOMIC_RELAXED);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < BINS)
    __atomic_add_fetch(&hist[lid], bins[lid], __ATOMIC_RELAXED);
}

__kernel void keep_bright(__global const uchar *pixels, __global uint *kept,
                          __global int *count) {
  const size_t i = get_global_id(0);
  if (pixels[i] > 200) {
    int slot = __atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
    kept[slot] = (uint)i;
  }
}

__kernel void clamp_min(__global short *level, __global const short *floor_) {
  const size_t i = get_global_id(0);
  __atomic_fetch_max(&level[i % 8], floor_[i], __ATOMIC_SEQ_CST);
  short expected = 0;
  __atomic_compare_exchange_n(&level[8 + i % 8], &expected, floor_[i], false,
                              __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
