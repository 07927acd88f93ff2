//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//each_annotation_false.cu:72:3
//each_annotation_false.cu:78:3
//each_annotation_false.cu:84:19
//each_annotation_false.cu:91:3
//each_annotation_false.cu:108:3
//each_annotation_false.cu:49:3: error: this assertion might not hold
//each_annotation_false.cu:50:3: error: this assertion might not hold
//each_annotation_false.cu:55:3: error: this assertion might not hold
//each_annotation_false.cu:60:3: error: this assertion might not hold
//each_annotation_false.cu:133:3
//each_annotation_false.cu:139:3
//each_annotation_false.cu:145:3
//each_annotation_false.cu:151:3
//each_annotation_false.cu:156:3
//each_annotation_false.cu:163:5
//each_annotation_false.cu:172:10
//each_annotation_false.cu:181:3
//each_annotation_false.cu:187:3
//each_annotation_false.cu:193:3
//each_annotation_false.cu:198:3
//each_annotation_false.cu:203:3
//each_annotation_false.cu:208:3
//each_annotation_false.cu:213:3
//each_annotation_false.cu:220:3
//each_annotation_false.cu:226:3
//each_annotation_false.cu:232:3
//each_annotation_false.cu:238:3
//each_annotation_false.cu:244:3
//each_annotation_false.cu:250:3
//each_annotation_false.cu:256:3
//each_annotation_false.cu:263:3
//each_annotation_false.cu:270:3
//each_annotation_false.cu:277:3
//each_annotation_false.cu:284:3
//each_annotation_false.cu:290:3
//possible write-write race on dst
//each_annotation_false.cu:304:3
// Twins of each_annotation.cu: one kernel per annotation, stated where it
// does not hold (or, for candidates and hints, where it cannot hide a
// defect); every kernel must be reported at the line named above.
#include <cuda_runtime.h>

#define WG 64
DECLARE_UF_UNARY(cost, unsigned, unsigned)

__device__ int clamp_index(int i, int n) {
  __requires(i >= 0);
  __global_requires(n > 0);
  return i >= n ? n - 1 : i;
}

__device__ int clamp_wrong(int i, int n) {
  __global_ensures(__return_val_int() < n - 1);
  return i >= n ? n - 1 : i;
}

__device__ int next(int x) {
  __ensures(__return_val_int() == __old_int(x) + 2);
  return x + 1;
}

__device__ void halve_into(float *dst, const float *src, unsigned t) {
  __reads_from(src);
  __writes_to(dst);
  __requires_fresh_array(dst);
  dst[t / 2] = src[t] * 2.0f;
}

__global__ void global_assert(int *out) {
  __global_assert(blockIdx.x == 0);
  out[blockIdx.x * WG + threadIdx.x] = 1;
}

__global__ void weak_assume(unsigned *out, unsigned n) {
  __assume(n < 0xffffffffu);
  __assert(n + 2 > n);
  out[blockIdx.x * WG + threadIdx.x] = n;
}

__global__ void global_invariant(float *out, int n) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  for (int i = 0; __global_invariant(i == 0), i < n; i++) {
    out[g] += 1.0f;
  }
}

__global__ void function_wide_invariant(float *out, int n) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  __function_wide_invariant(__write_implies(out, __write_offset_bytes(out) == g));
  for (int i = 0; i < n; i++) {
    out[g] += 1.0f;
  }
}

__global__ void candidates_hide_nothing(float *out, int n) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  for (int i = 0;
       __candidate_global_invariant(i < 0),
       __function_wide_candidate_invariant(i == 1),
       __candidate_invariant(i > n),
       i < n; i++) {
    out[g] = i;
  }
  __candidate_assert(g > 1000);
  __candidate_global_assert(gridDim.x == 1);
  out[0] = g;
}

__global__ void requires_violated(int *out) {
  int g = blockIdx.x * WG + threadIdx.x;
  out[g] = clamp_index(g - 1, 256);
}

__global__ void global_requires(int *out, int n) {
  int g = blockIdx.x * WG + threadIdx.x;
  out[g] = clamp_index(g, n);
}

__global__ void global_ensures(int *out) {
  int g = blockIdx.x * WG + threadIdx.x;
  out[g] = clamp_wrong(g, 256);
}

__global__ void old_value(int *out) {
  int g = blockIdx.x * WG + threadIdx.x;
  out[g] = next(g);
}

__global__ void implies(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__implies(t < 32, t < 16));
  out[blockIdx.x * WG + t] = t;
}

__global__ void ite(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__ite(t < 32, 1u, 0u) == 1u);
  out[blockIdx.x * WG + t] = t;
}

__global__ void is_pow2(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__is_pow2(t + 1));
  out[blockIdx.x * WG + t] = t;
}

__global__ void mod_pow2(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__mod_pow2(t, 16) == t);
  out[blockIdx.x * WG + t] = t;
}

__global__ void same_group(unsigned *out) {
  __assert(__same_group);
  out[blockIdx.x * WG + threadIdx.x] = 0;
}

__global__ void other_enabled(unsigned *out) {
  unsigned t = threadIdx.x;
  if (t < 16) {
    __assert(__implies(__same_group, __other_bool(__enabled())));
    out[blockIdx.x * WG + t] = t;
  }
}

__global__ void other_enabled_in_loop(unsigned *out, unsigned n) {
  unsigned t = threadIdx.x;
  if (t < 16) {
    for (unsigned i = 0;
         __invariant(__implies(__same_group, __other_bool(__dominator_enabled()))),
         i < n; i++) {
      out[blockIdx.x * WG + t] = i;
    }
  }
}

__global__ void other_int(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__other_int(t) == t);
  out[blockIdx.x * WG + t] = t;
}

__global__ void uniform_int(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__uniform_int(t));
  out[blockIdx.x * WG + t] = t;
}

__global__ void uniform_bool(unsigned *out) {
  unsigned t = threadIdx.x;
  __assert(__uniform_bool(t < 32));
  out[blockIdx.x * WG + t] = t;
}

__global__ void distinct_int(unsigned *out) {
  __assert(__distinct_int(blockIdx.x));
  out[blockIdx.x * WG + threadIdx.x] = 0;
}

__global__ void distinct_bool(unsigned *out) {
  __assert(__distinct_bool(blockDim.x == WG));
  out[blockIdx.x * WG + threadIdx.x] = 0;
}

__global__ void all(unsigned *out) {
  __assert(__all(threadIdx.x < 32));
  out[blockIdx.x * WG + threadIdx.x] = 0;
}

__global__ void exclusive(unsigned *out) {
  __assert(__exclusive(threadIdx.x < WG));
  out[blockIdx.x * WG + threadIdx.x] = 0;
}

__global__ void read(const int *in, int *out) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  out[g] = in[g];
  __assert(__read(in));
}

__global__ void write(int *a) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  a[g] = g;
  __assert(__write(a));
}

__global__ void no_read(const int *in, int *out) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  out[g] = in[g];
  __assert(__no_read(in));
}

__global__ void no_write(int *a) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  a[g] = g;
  __assert(__no_write(a));
}

__global__ void write_offset_bytes(int *a) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  a[g] = g;
  __assert(__write_implies(a, __write_offset_bytes(a) == g));
}

__global__ void read_offset_bytes(const int *in, int *out) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  out[g] = in[g];
  __assert(__read_implies(in, __read_offset_bytes(in) == g * 8));
}

__global__ void ptr_base(int *a, int *b) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  int *p = (g & 1) ? a + g : b + g;
  __assert(__ptr_base(p) == __ptr_base(a));
  *p = g;
}

__global__ void ptr_offset_bytes(int *a) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  int *p = a + g;
  __assert(__ptr_offset_bytes(p) == g);
  *p = g;
}

__global__ void uniform_ptr_base(int *a, int *b) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  int *p = (g & 1) ? a + g : b + g;
  __assert(__uniform_ptr_base(p));
  *p = g;
}

__global__ void other_ptr_base(int *a, int *b) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  int *p = (g & 1) ? a + g : b + g;
  __assert(__implies(__same_group, __other_ptr_base(p) == __ptr_base(p)));
  *p = g;
}

__global__ void distinct_ptr_base(int *a) {
  unsigned g = blockIdx.x * WG + threadIdx.x;
  int *p = a + g;
  __assert(__distinct_ptr_base(p));
  *p = g;
}

__global__ void axiom(unsigned *out) {
  __axiom(cost(1) == 3);
  __assert(cost(2) == 3);
  out[blockIdx.x * WG + threadIdx.x] = cost(1);
}

__global__ void hints_hide_nothing(float *dst, const float *src) {
  halve_into(dst, src, blockIdx.x * WG + threadIdx.x);
}

__global__ void claimed_race(const int *in, int *out) {
  __shared__ int slot[WG];
  unsigned t = threadIdx.x;
  unsigned left = (t + WG - 1) % WG;
  slot[t] = WG - 1 - t;
  int mine = slot[t];
  __barrier_invariant_2(__read_permission(&slot[t]) & (slot[t] == WG - 1 - t), t, left);
  __syncthreads();
  out[blockIdx.x * WG + mine] = in[blockIdx.x * WG + t];
}
