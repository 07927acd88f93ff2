//pass
//--blockDim=64 --gridDim=4
// One small kernel per annotation, each stated where it holds (their
// false twins are in each_annotation_false.cu).
#include <cuda_runtime.h>

#define WG 64

__device__ int clamp_index(int i, int n) {
  __global_requires(n > 0);
  __requires(i >= 0);
  __global_ensures(__return_val_int() < n);
  return i >= n ? n - 1 : i;
}

__device__ int next(int x) {
  __ensures(__return_val_int() == __old_int(x) + 1);
  return x + 1;
}

__device__ void copy_row(float *dst, const float *src, unsigned t) {
  __reads_from(src);
  __writes_to(dst);
  __requires_fresh_array(dst);
  dst[t] = src[t];
}

__global__ void uniform_size(int *out) {
  __global_assert(blockDim.x == WG);
  out[blockIdx.x * WG + threadIdx.x] = 1;
}

__global__ void assumed_bound(unsigned *out, unsigned n) {
  __assume(n < 1000);
  __assert(n + 1 > n);
  out[blockIdx.x * WG + threadIdx.x] = n + 1;
}

__global__ void loops(float *out, int n) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  __function_wide_invariant(__write_implies(out, __write_offset_bytes(out) == g * 4));
  for (int i = 0; __global_invariant(__uniform_int(i)), i < n; i++) {
    out[g] += 1.0f;
  }
  for (int i = 0;
       __candidate_global_invariant(i >= 0),
       __function_wide_candidate_invariant(i <= n || n < 0),
       __candidate_invariant(__enabled()),
       i < n; i++) {
    out[g] *= 0.5f;
  }
  __candidate_assert(g < 256);
  __candidate_global_assert(gridDim.x == 4);
}

__global__ void clamped(int *out, int n) {
  __requires(n == 256);
  int g = blockIdx.x * WG + threadIdx.x;
  out[clamp_index(g, n)] = next(g);
}

__global__ void predicated(unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  if (t < 16) {
    for (unsigned i = 0; __invariant(__enabled()), __invariant(__dominator_enabled()), i < n; i++) {
      out[blockIdx.x * WG + t] = i;
    }
  }
}

__global__ void pair_forms(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__implies(__same_group, __distinct_int(t)));
  __assert(__implies(__same_group, __other_int(t) != t));
  __assert(__uniform_int(blockDim.x));
  __assert(__uniform_bool(gridDim.x == 4));
  __assert(__implies(__same_group, __distinct_bool(t == 0) || (t != 0 && __other_int(t) != 0)));
  __assert(__all(t < WG));
  __assert(__implies(__same_group, __exclusive(t == 0) || t != 0));
  __assert(__other_bool(__enabled()));
  out[blockIdx.x * WG + t] = t;
}

__global__ void own_element(int *a) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  a[g] = a[g] * 2;
  __assert(__implies(__write(a), __read(a)));
  __assert(__write_implies(a, __write_offset_bytes(a) == g * sizeof(int)));
  __assert(__read_implies(a, __read_offset_bytes(a) == g * sizeof(int)));
}

__global__ void read_input(const int *in, int *out) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  out[g] = in[g];
  __assert(__no_write(in));
  __assert(__no_read(out));
}

__global__ void pointers(int *a, int *b) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  int *p = a + g;
  __assert(__ptr_base(p) == __ptr_base(a));
  __assert(__ptr_base(p) != __ptr_base(b));
  __assert(__ptr_offset_bytes(p) == g * 4);
  __assert(__implies(__same_group, __other_ptr_base(p) == __ptr_base(a)));
  __assert(__uniform_ptr_base(p));
  __assert(!__distinct_ptr_base(p));
  *p = g;
}

__global__ void hinted(float *dst, const float *src) {
  copy_row(dst, src, blockIdx.x * WG + threadIdx.x);
}

__global__ void claimed(const int *in, int *out) {
  __shared__ int slot[WG];
  unsigned t = threadIdx.x;
  slot[t] = WG - 1 - t;
  __barrier_invariant_1(__read_permission(&slot[t]) & (slot[t] == WG - 1 - t), t);
  __syncthreads();
  out[blockIdx.x * WG + slot[t]] = in[blockIdx.x * WG + t];
}
