//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=64 -DWG=128
//annotated_scan_reduce_racy.cl \(kernel `scan_inclusive`\): \d+ possible defect
//annotated_scan_reduce_racy.cl \(kernel `reduce_sum`\): \d+ possible defect
//annotated_scan_reduce_racy.cl \(kernel `histogram256`\): \d+ possible defect
// annotated_scan_reduce.cl with one bug each, the annotations unchanged:
// the scan reads and writes one buffer (no double buffering), the
// reduction's barrier is inside the `if`, the histogram clears its bins
// without the barrier before the atomics.
#ifndef WG
#define WG 128
#endif
#define NBINS 256

__kernel void scan_inclusive(__global const uint *in, __global uint *out) {
  __local uint buf[2 * WG];
  __global_requires(get_local_size(0) == WG);
  uint lid = get_local_id(0);
  uint pout = 0;
  buf[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1;
       __global_invariant(__is_pow2(offset)),
       __global_invariant(pout == 0 | pout == 1),
       offset < WG; offset <<= 1) {
    uint v = buf[pout * WG + lid];
    if (lid >= offset)
      v += buf[pout * WG + lid - offset];
    buf[pout * WG + lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = buf[pout * WG + lid];
}

__kernel void reduce_sum(__global const float *in, __global float *partial,
                         __local float *sdata) {
  __global_requires(get_local_size(0) == WG);
  uint lid = get_local_id(0);
  sdata[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = WG / 2;
       __global_invariant(__is_pow2(s) | s == 0),
       __global_invariant(s <= WG / 2),
       s > 0; s >>= 1) {
    if (lid < s) {
      sdata[lid] += sdata[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  if (lid == 0)
    partial[get_group_id(0)] = sdata[0];
}

__kernel void histogram256(__global const uchar *data, uint n,
                           __global uint *hist) {
  __local uint bins[NBINS];
  __requires(n % (WG * 64) == 0);
  uint lid = get_local_id(0);
  for (uint i = lid;
       __invariant(i % WG == lid),
       __invariant(__write_implies(bins, (__write_offset_bytes(bins) / sizeof(uint)) % WG == lid)),
       i < NBINS; i += WG)
    bins[i] = 0;
  for (uint i = get_global_id(0);
       i < n; i += get_global_size(0))
    atomic_inc(&bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = lid;
       __invariant(i % WG == lid),
       __invariant(__no_write(bins)),
       i < NBINS; i += WG)
    atomic_add(&hist[i], bins[i]);
}
