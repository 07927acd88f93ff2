//xfail:UNSUPPORTED
//--local_size=64 --num_groups=8 --cl-std=CL2.0
//unsupported: an atomic on `count`, which is accessed with several widths.*in `tagged_queue`
//unsupported: an atomic on `count`, which is accessed with several widths.*in `tagged_ranges`
// s11 review, attacks on the slot and range-owner facts (atomic_slots.rs,
// range_owner.rs): the counter word's low byte doubles as a tag bumped by a
// byte-wide atomic add. A byte add never carries into the upper bytes, so
// it rewinds the 32-bit counter (0xC0 + 100 = 0x24 in the low byte) without
// the counter wrapping around, and later increments hand out slots or
// ranges again: out[] races. Only counters accessed with one width get
// facts; this one is refused (exit 4), never verified.

typedef volatile __global uchar tag_byte;

static void bump_tag(volatile __global uint *word, uchar by) {
  __atomic_fetch_add((tag_byte *)word, by, __ATOMIC_RELAXED);
}

__kernel void tagged_queue(__global const int *in, __global int *out,
                           volatile __global uint *count) {
  const uint gid = get_global_id(0);
  if (in[gid] > 0) {
    const uint slot = atomic_inc(count);
    out[slot] = (int)gid;
  }
  if (gid == 7)
    bump_tag(count, (uchar)200);
}

__kernel void tagged_ranges(__global const int *in, __global int *out,
                            volatile __global uint *count) {
  const uint lid = get_local_id(0);
  uint base = 0;
  if (lid == 0)
    base = atomic_add(count, 64u);
  base = work_group_broadcast(base, 0);
  out[base + lid] = in[get_global_id(0)];
  if (lid == 5)
    bump_tag(count, (uchar)100);
}
