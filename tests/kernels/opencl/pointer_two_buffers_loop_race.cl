//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible null pointer access
//possible write-write race
// Defective twins of pointer_two_buffers_loop.cl. chain_walk: a missing
// successor makes the walk's pointer null inside the loop, and the next
// iteration dereferences it (reported: the pointer-set fact is refuted).
// strided_fill: every work item walks the selected table from its start
// and writes it, so two work items write the same element.
typedef unsigned int u32;

#define CHARSIZ 16

typedef struct {
  u32 cs_buf[CHARSIZ];
  u32 cs_len;
} cs_t;

__kernel void chain_walk(__global u32 *out, __global const cs_t *root_css_buf,
                         __global const cs_t *markov_css_buf, const u32 pw_l_len,
                         const u32 count) {
  const u32 gid = get_global_id(0);
  if (gid >= count) return;
  __global const cs_t *cs = &root_css_buf[gid & 7];
  u32 acc = 0;
  for (u32 j = 0; j < (pw_l_len & 7); j++) {
    const u32 key = cs->cs_buf[acc % CHARSIZ];
    acc += key;
    cs = key == 0 ? 0 : &markov_css_buf[j * CHARSIZ + key % CHARSIZ];
  }
  out[gid] = acc;
}

__kernel void strided_fill(__global int *even, __global int *odd, int n, int use_odd,
                           int count) {
  int gid = get_global_id(0);
  if (gid >= count) return;
  __global int *p = use_odd ? odd : even;
  for (int i = 0; i < n; i++) {
    *p = gid;
    p += 4;
  }
}
