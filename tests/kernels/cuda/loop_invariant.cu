//pass
//--blockDim=64 --gridDim=1
__global__ void loop_invariant(int *a, int n) {
  int k = 0;
  while (__invariant(k >= 0), k < n) {
    a[threadIdx.x] += k;
    k++;
  }
}
