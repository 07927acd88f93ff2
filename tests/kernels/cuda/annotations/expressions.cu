//pass
//--blockDim=64 --gridDim=2
// The expression forms in CUDA, and an uninterpreted function with its
// axiom.
DECLARE_UF_UNARY(cost, unsigned, unsigned)

__device__ unsigned clamp_to(unsigned x, unsigned m) {
  __ensures(__return_val_int() <= m);
  return x < m ? x : m;
}

__global__ void forms(unsigned *out, unsigned mask) {
  __requires(__is_pow2(mask + 1) & (mask < 1024));
  unsigned l = threadIdx.x;
  __function_wide_invariant(l < 64);
  __assert(__ite(l < 32, 0u, 1u) == (l >= 32));
  __assert(__mod_pow2(l, 8) == l % 8);
  __assert(__add_noovfl_unsigned_int(l, 1u));
  __assert(__add_noovfl_int((int)l, 1));
  __assert(__add_unsigned_int(l, 1u) == l + 1);
  __assert(__all(l < 64));
  __assert(__implies(__same_group(), !__exclusive(l < 64)));
  __axiom(cost(0) == 1);
  __assert(cost(0) == 1);
  for (unsigned i = 0; i < 4; i++) {
    out[blockIdx.x * 256 + i * 64 + l] = clamp_to(l & mask, 100) + i;
  }
}
