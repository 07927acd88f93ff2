//pass
//--blockDim=64 --gridDim=4
// Structs returned and passed by value (make_float4, int2, dim3, a user
// struct), struct copies (memcpy) and an array initialiser; memset and memcpy of symbolic length.
struct Span { int start; int length; };

__device__ Span span_of(int block, int size) {
  Span s;
  s.start = block * size;
  s.length = size;
  return s;
}

__device__ int last(Span s) { return s.start + s.length - 1; }

__device__ int2 swapped(int2 v) { return make_int2(v.y, v.x); }

__global__ void struct_by_value(float4 *out, int *ends) {
  Span s = span_of(blockIdx.x, blockDim.x);
  Span copy = s;
  int2 pair = swapped(make_int2(threadIdx.x, s.start));
  dim3 dims = blockDim;
  float4 v = make_float4(1.0f, 2.0f, 3.0f, (float)pair.x);
  int weights[4] = {1, 2, 3, 4};
  int scratch[64];
  __builtin_memset(scratch, 0, (threadIdx.x % 64) * sizeof(int));
  __builtin_memcpy(scratch, weights, (blockIdx.x % 4) * sizeof(int));
  __assert(copy.start == s.start);
  __assert(pair.y == threadIdx.x);
  __assert(weights[2] == 3);
  out[copy.start + pair.y] = v;
  if (threadIdx.x == 0)
    ends[blockIdx.x] = last(copy) + dims.x - blockDim.x;
}
