//pass
//--blockDim=64 --gridDim=2 --kernel-args=pointer_walk_bounded,16
// Bounded twin of pointer_walk.cu: with `w` fixed to 16 the chunks of
// two threads cannot wrap around, and the inferred invariants (rule
// `chunk`: everything logged lies between the chunk's start and the
// current position; the counter's distance from its start; `lockstep`)
// prove it race-free with no annotation.
__global__ void pointer_walk_bounded(float *rows, int w) {
  float *p = rows + (blockIdx.x * blockDim.x + threadIdx.x) * w;
  for (float *q = p; q < p + w; ++q) *q = 1.0f;
}
