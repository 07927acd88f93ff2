//pass
//--blockDim=64 --gridDim=2
__global__ void int_helpers(int *a, unsigned *u) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = min(a[i], 3) + max(a[i], 0) + abs(a[i]) + __mul24(i, 5) + __clz(a[i]) + __popc(u[i]) + __ffs(a[i]);
  u[i] = __brev(u[i]) + umin(u[i], 9u) + __umul24(u[i], 2u);
}
