//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//each_annotation_false.cl:61:3
//each_annotation_false.cl:67:3
//each_annotation_false.cl:73:19
//each_annotation_false.cl:88:3
//each_annotation_false.cl:39:3: error: this assertion might not hold
//each_annotation_false.cl:44:3: error: this assertion might not hold
//each_annotation_false.cl:49:3: error: this assertion might not hold
//each_annotation_false.cl:108:3
//each_annotation_false.cl:114:3
//each_annotation_false.cl:120:3
//each_annotation_false.cl:125:3
//each_annotation_false.cl:131:3
//each_annotation_false.cl:136:3
//each_annotation_false.cl:141:3
//each_annotation_false.cl:148:5
//each_annotation_false.cl:156:3
//each_annotation_false.cl:162:3
//each_annotation_false.cl:168:3
//each_annotation_false.cl:174:3
//each_annotation_false.cl:180:3
//each_annotation_false.cl:186:3
//each_annotation_false.cl:192:3
//each_annotation_false.cl:199:3
//each_annotation_false.cl:206:3
//each_annotation_false.cl:213:3
//each_annotation_false.cl:220:3
//each_annotation_false.cl:226:3
//possible write-write race on dst
//each_annotation_false.cl:240:3
// Twins of each_annotation.cl: one kernel per annotation, stated where it
// does not hold (or, for candidates and hints, where it cannot hide a
// defect); every kernel must be reported at the line named above.
#define WG 64
DECLARE_UF_BINARY(weight, int, int, int)

int clamp_index(int i, int n) {
  __global_requires(n > 0);
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

int clamp_wrong(int i, int n) {
  __global_ensures(__return_val_int() < n - 1);
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

int next(int x) {
  __ensures(__return_val_int() == __old_int(x) + 2);
  return x + 1;
}

void halve_into(__global float *dst, __global const float *src, int t) {
  __reads_from(src);
  __writes_to(dst);
  __requires_fresh_array(dst);
  dst[t / 2] = src[t] * 2.0f;
}

__kernel void global_assert(__global int *out) {
  __global_assert(get_group_id(0) == 0);
  out[get_global_id(0)] = 1;
}

__kernel void weak_assume(__global unsigned *out, unsigned n) {
  __assume(n < 0xffffffffu);
  __assert(n + 2 > n);
  out[get_global_id(0)] = n;
}

__kernel void global_invariant(__global float *out, int n) {
  int g = get_global_id(0);
  for (int i = 0; __global_invariant(i == 0), i < n; i++) {
    out[g] += 1.0f;
  }
}

__kernel void candidates_hide_nothing(__global float *out, int n) {
  int g = get_global_id(0);
  for (int i = 0;
       __candidate_global_invariant(i < 0),
       __function_wide_candidate_invariant(i == 1),
       i < n; i++) {
    out[g] = i;
  }
  __candidate_assert(g < 0);
  __candidate_global_assert(get_num_groups(0) == 1);
  out[0] = g;
}

__kernel void global_requires(__global int *out, int n) {
  int g = get_global_id(0);
  out[g] = clamp_index(g, n);
}

__kernel void global_ensures(__global int *out) {
  int g = get_global_id(0);
  out[g] = clamp_wrong(g, 256);
}

__kernel void old_value(__global int *out) {
  int g = get_global_id(0);
  out[g] = next(g);
}

__kernel void ite(__global unsigned *out) {
  unsigned l = get_local_id(0);
  __assert(__ite(l < 32, 1u, 0u) == 1u);
  out[get_global_id(0)] = l;
}

__kernel void is_pow2(__global unsigned *out) {
  unsigned l = get_local_id(0);
  __assert(__is_pow2(l + 1));
  out[get_global_id(0)] = l;
}

__kernel void mod_pow2(__global unsigned *out) {
  unsigned l = get_local_id(0);
  __assert(__mod_pow2(l, 16) == l);
  out[get_global_id(0)] = l;
}

__kernel void same_group(__global unsigned *out) {
  __assert(__same_group);
  out[get_global_id(0)] = 0;
}

__kernel void other_int(__global unsigned *out) {
  unsigned l = get_local_id(0);
  __assert(__other_int(l) == l);
  out[get_global_id(0)] = l;
}

__kernel void distinct_int(__global unsigned *out) {
  __assert(__distinct_int(get_group_id(0)));
  out[get_global_id(0)] = 0;
}

__kernel void exclusive(__global unsigned *out) {
  __assert(__exclusive(get_local_id(0) < WG));
  out[get_global_id(0)] = 0;
}

__kernel void other_enabled(__global unsigned *out) {
  unsigned l = get_local_id(0);
  if (l < 16) {
    __assert(__implies(__same_group, __other_bool(__dominator_enabled())));
    out[get_global_id(0)] = l;
  }
}

__kernel void read(__global const int *in, __global int *out) {
  int g = get_global_id(0);
  out[g] = in[g];
  __assert(__read(in));
}

__kernel void write(__global int *a) {
  int g = get_global_id(0);
  a[g] = g;
  __assert(__write(a));
}

__kernel void no_read(__global const int *in, __global int *out) {
  int g = get_global_id(0);
  out[g] = in[g];
  __assert(__no_read(in));
}

__kernel void no_write(__global int *a) {
  int g = get_global_id(0);
  a[g] = g;
  __assert(__no_write(a));
}

__kernel void write_offset_bytes(__global int *a) {
  int g = get_global_id(0);
  a[g] = g;
  __assert(__write_implies(a, __write_offset_bytes(a) == g));
}

__kernel void read_offset_bytes(__global const int *in, __global int *out) {
  int g = get_global_id(0);
  out[g] = in[g];
  __assert(__read_implies(in, __read_offset_bytes(in) == g * 8));
}

__kernel void ptr_base(__global int *a, __global int *b) {
  int g = get_global_id(0);
  __global int *p = (g & 1) ? a + g : b + g;
  __assert(__ptr_base(p) == __ptr_base(a));
  *p = g;
}

__kernel void ptr_offset_bytes(__global int *a) {
  int g = get_global_id(0);
  __global int *p = a + g;
  __assert(__ptr_offset_bytes(p) == g);
  *p = g;
}

__kernel void uniform_ptr_base(__global int *a, __global int *b) {
  int g = get_global_id(0);
  __global int *p = (g & 1) ? a + g : b + g;
  __assert(__uniform_ptr_base(p));
  *p = g;
}

__kernel void other_ptr_base(__global int *a, __global int *b) {
  int g = get_global_id(0);
  __global int *p = (g & 1) ? a + g : b + g;
  __assert(__implies(__same_group, __other_ptr_base(p) == __ptr_base(p)));
  *p = g;
}

__kernel void distinct_ptr_base(__global int *a) {
  int g = get_global_id(0);
  __global int *p = a + g;
  __assert(__distinct_ptr_base(p));
  *p = g;
}

__kernel void axiom(__global int *out) {
  __axiom(weight(1, 2) == 3);
  __assert(weight(2, 1) == 3);
  out[get_global_id(0)] = weight(1, 2);
}

__kernel void hints_hide_nothing(__global float *dst, __global const float *src) {
  halve_into(dst, src, get_global_id(0));
}

__kernel void claimed_race(__global const int *in, __global int *out) {
  __local int slot[WG];
  int t = get_local_id(0);
  int left = (t + WG - 1) % WG;
  slot[t] = WG - 1 - t;
  int mine = slot[t];
  __barrier_invariant_2(__write_permission(&slot[t]) & (slot[t] == WG - 1 - t), t, left);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * WG + mine] = in[get_global_id(0)];
}
