//pass
//--local_size=64 --num_groups=2 --kernel-args=scale_rows,255,*,4294967295,18446744073709551615
// Scalar parameters of several widths fixed by --kernel-args at the largest
// value each type holds (tests/cli.rs checks that one more is refused).
__kernel void scale_rows(uchar factor, short shift, uint count, ulong limit,
                         __global uint *out) {
  size_t gid = get_global_id(0);
  if (gid < limit && count > 0u) {
    out[gid] = (uint)factor * (uint)gid + (uint)shift;
  }
}
