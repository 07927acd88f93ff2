//pass
//--local_size=64 --num_groups=4 --no-infer --infer-info
//user +6 generated +5 proved
// Candidate invariants from the user, with the rules' inference off:
// Houdini keeps the inductive ones (the bound of `k` and the access facts
// the race proof needs) and drops the false one (`k < 2` is not an
// invariant); a dropped candidate is never an error.
#define ROW 256

__kernel void clear_rows(__global float *data) {
  int l = get_local_id(0);
  int row = get_group_id(0) * ROW;
  for (int k = 0;
       __candidate_invariant(k >= 0 & k <= ROW / 64),
       __candidate_invariant(__write_implies(data, (__write_offset_bytes(data) / 4) % 64 == l)),
       __candidate_invariant(__write_implies(data, (__write_offset_bytes(data) / 4) / ROW == get_group_id(0))),
       __candidate_invariant(!__read(data)),
       __candidate_invariant(k < 2),
       k < ROW / 64; k++) {
    data[row + k * 64 + l] = 0.0f;
  }
}
