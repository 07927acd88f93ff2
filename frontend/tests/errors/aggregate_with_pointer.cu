// expect: 4 an aggregate value holding a pointer
struct View { int *p; int *q; };
__device__ View pick(int *a, int *b) { View v; v.p = a; v.q = b; return v; }
__global__ void aggregate_with_pointer(int *a, int *b) {
  View v = pick(a, b);
  v.p[threadIdx.x] = 1;
}
