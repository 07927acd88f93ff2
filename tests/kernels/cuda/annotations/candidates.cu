//pass
//--blockDim=64 --gridDim=4 --no-infer --infer-info
//user +6 generated +5 proved
// Candidates in CUDA: the grid-stride loop's access facts as candidates,
// one of them false (dropped, never an error).
#define ROW 256

__global__ void clear_rows(float *data) {
  int l = threadIdx.x;
  int row = blockIdx.x * ROW;
  for (int k = 0;
       __candidate_invariant(k >= 0 & k <= ROW / 64),
       __candidate_invariant(__write_implies(data, (__write_offset_bytes(data) / 4) % 64 == l)),
       __candidate_invariant(__write_implies(data, (__write_offset_bytes(data) / 4) / ROW == blockIdx.x)),
       __candidate_invariant(k == 0),
       k < ROW / 64; k++) {
    data[row + k * 64 + l] = 0.0f;
  }
}
