//pass
//--blockDim=64 --gridDim=2
__global__ void atomic_family(int *i, unsigned *u, float *f, unsigned long long *l) {
  atomicAdd(&i[0], 1); atomicSub(&i[1], 1); atomicExch(&i[2], 3);
  atomicMin(&i[3], 4); atomicMax(&i[4], 5); atomicAnd(&i[5], 6);
  atomicOr(&i[6], 7); atomicXor(&i[7], 8); atomicCAS(&i[8], 0, 1);
  atomicInc(&u[0], 10u); atomicDec(&u[1], 10u); atomicMin(&u[2], 1u);
  atomicAdd(&f[0], 1.5f); atomicAdd(&l[0], 1ull);
}
