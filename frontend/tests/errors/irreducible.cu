// expect: 4 irreducible control flow
__global__ void irreducible(int *a, int n) {
  int i = threadIdx.x;
  if (n > 3) goto inside;
  while (i < n) {
    a[i] = 0;
  inside:
    i += 2;
  }
}
