//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4 --no-infer
//possible write-write race on data
// Overlapping rounds: candidates cannot hide the race.
#define ROW 256

__global__ void clear_rows(float *data) {
  int l = threadIdx.x;
  int row = blockIdx.x * ROW;
  for (int k = 0;
       __candidate_invariant(k >= 0 & k <= ROW / 64),
       __candidate_invariant(k == 0),
       k < ROW / 64; k++) {
    data[row + k * 32 + l] = 0.0f;
  }
}
