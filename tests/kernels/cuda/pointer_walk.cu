//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
__global__ void pointer_walk(float *rows, int w) {
  float *p = rows + (blockIdx.x * blockDim.x + threadIdx.x) * w;
  for (float *q = p; q < p + w; ++q) *q = 1.0f;
}

// Each thread walks its own chunk of `w` floats, from `gid * w`. Racy in
// the checker's 32-bit pointer arithmetic: `w` is unbounded, and for
// w = 2^30 + 1 (say) thread 4 starts at 4 * w = 2^32 + 4, i.e. element 4,
// inside thread 0's chunk (the byte guard `q * 4 < (p + w) * 4` wraps
// too). The race is reported; pointer_walk_bounded.cu fixes `w` and
// verifies with inferred invariants (rule `chunk`).
