//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --no-infer
//possible write-write race on data
// The same loop writing `data[row + k * 32 + l]`: neighbouring rounds
// overlap, no candidate can make it race free, and the false candidate is
// not reported (only the race is).
#define ROW 256

__kernel void clear_rows(__global float *data) {
  int l = get_local_id(0);
  int row = get_group_id(0) * ROW;
  for (int k = 0;
       __candidate_invariant(k >= 0 & k <= ROW / 64),
       __candidate_invariant(__write_implies(data, (__write_offset_bytes(data) / 4) % 64 == l)),
       __candidate_invariant(k < 2),
       k < ROW / 64; k++) {
    data[row + k * 32 + l] = 0.0f;
  }
}
