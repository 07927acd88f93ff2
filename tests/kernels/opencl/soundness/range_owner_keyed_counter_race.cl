//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --cl-std=CL2.0
//kernel `per_group_counters`\): [0-9]+ possible defect
//race on out\[
//Verified: .*kernel `reserve_rows`
// s11 review, attack on the range-owner fact (lower/range_owner.rs): the
// reservation kernel is called as a function by another kernel with one
// counter per work-group (`counts + group`), so every group's ranges start
// at 0 and overlap. The owner function is keyed by the counter's address,
// so the groups' facts never meet: the race is reported. As a kernel of
// its own (one counter for the launch) reserve_rows is race-free.

#define ROW 64

static int encode(uint group, uint lane) { return (int)(group * ROW + lane); }

__kernel void reserve_rows(__global int *out, volatile __global uint *count) {
  const uint lid = get_local_id(0);
  uint base = 0;
  if (lid == 0)
    base = atomic_add(count, (uint)ROW);
  base = work_group_broadcast(base, 0);
  out[base + lid] = encode(get_group_id(0), lid);
}

__kernel void per_group_counters(__global int *out, volatile __global uint *counts) {
  reserve_rows(out, counts + get_group_id(0));
}
