//pass
//--local_size=64 --num_groups=4
// One small kernel per annotation, each stated where it holds (their
// false twins are in each_annotation_false.cl).
#define WG 64

int clamp_index(int i, int n) {
  __global_requires(n > 0);
  __global_ensures(__return_val_int() < n);
  __ensures(__return_val_int() >= 0);
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

int next(int x) {
  __ensures(__return_val_int() == __old_int(x) + 1);
  return x + 1;
}

__kernel void uniform_size(__global int *out) {
  __global_assert(get_local_size(0) == WG);
  out[get_global_id(0)] = 1;
}

__kernel void assumed_bound(__global unsigned *out, unsigned n) {
  __assume(n < 1000);
  __assert(n + 1 > n);
  out[get_global_id(0)] = n + 1;
}

__kernel void uniform_loop(__global float *out, int n) {
  int g = get_global_id(0);
  for (int i = 0; __global_invariant(__uniform_int(i)), i < n; i++) {
    out[g] += 1.0f;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}

__kernel void candidates(__global float *out, int n) {
  int g = get_global_id(0);
  for (int i = 0;
       __candidate_global_invariant(i >= 0),
       __candidate_invariant(__write_implies(out, __write_offset_bytes(out) == g * 4)),
       i < n; i++) {
    out[g] = i;
  }
  __candidate_assert(g >= 0);
  __candidate_global_assert(get_num_groups(0) == 4);
}

__kernel void clamped(__global int *out, int n) {
  __requires(n == 256);
  int g = get_global_id(0);
  out[clamp_index(g, n)] = g;
}

__kernel void bumped(__global int *counts) {
  int g = get_global_id(0);
  counts[g] = next(g);
}

__kernel void own_element(__global int *a) {
  int g = get_global_id(0);
  a[g] = a[g] * 2;
  // Whatever element is watched: written there means read there first.
  __assert(__implies(__write(a), __read(a)));
  __assert(__write_implies(a, __write_offset_bytes(a) == g * sizeof(int)));
  __assert(__read_implies(a, __read_offset_bytes(a) == g * sizeof(int)));
}

__kernel void copy_in(__global const int *in, __global int *out) {
  int g = get_global_id(0);
  out[g] = in[g];
  __assert(__no_write(in));
  __assert(__read_implies(in, __read_offset_bytes(in) / 4 == g));
}

__kernel void pointers(__global int *a, __global int *b) {
  int g = get_global_id(0);
  __global int *p = a + g;
  __assert(__ptr_base(p) == __ptr_base(a));
  __assert(__ptr_base(p) != __ptr_base(b));
  __assert(__ptr_offset_bytes(p) == g * 4);
  __assert(__implies(__same_group, __other_ptr_base(p) == __ptr_base(a)));
  __assert(!__distinct_ptr_base(p));
  *p = g;
}

__kernel void claimed(__global const int *in, __global int *out) {
  __local int slot[WG];
  int t = get_local_id(0);
  slot[t] = WG - 1 - t;
  __barrier_invariant_1(__write_permission(&slot[t]) & (slot[t] == WG - 1 - t), t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * WG + slot[t]] = in[get_global_id(0)];
}
