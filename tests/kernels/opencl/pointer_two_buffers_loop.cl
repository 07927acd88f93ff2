//pass
//--local_size=64 --num_groups=4
// A pointer that points into one of two buffers, chosen before the loop
// and re-pointed inside it, carried across the loop head (the shape of
// hashcat's markov_le.cl: a Markov chain walk that starts in a root table
// and continues in the per-position table). The loops run under an early
// `return`, so a work item that left keeps stale pointer bases: the
// inferred fact is `running ==> base is one of {root, chain}` (rules
// `pointer_set` + `while_running`). `pw` is zeroed element by element as
// hashcat does (with a zeroing loop before the call the fact is not
// proved yet: see the s12-infer report). Racy/defective twin:
// pointer_two_buffers_loop_race.cl.
typedef unsigned int u32;

#define CHARSIZ 16

typedef struct {
  u32 cs_buf[CHARSIZ];
  u32 cs_len;
} cs_t;

typedef struct {
  u32 i[4];
  u32 pw_len;
} pw_t;

static void generate_pw(__private u32 *pw_buf, __global const cs_t *root_css_buf,
                        __global const cs_t *markov_css_buf, const u32 pw_l_len,
                        const u32 pw_r_len, u32 val) {
  __global const cs_t *cs = &root_css_buf[pw_r_len];
  u32 i;
  u32 j;
  for (i = 0, j = pw_r_len; i < pw_l_len; i++, j++) {
    const u32 len = cs->cs_len;
    const u32 next = val / len;
    const u32 pos = val % len;
    val = next;
    const u32 key = cs->cs_buf[pos];
    pw_buf[(j / 4) & 3] |= key << ((j % 4) * 8);
    cs = &markov_css_buf[(j * CHARSIZ) + key];
  }
}

__kernel void l_markov(__global pw_t *pws_buf, __global const cs_t *root_css_buf,
                       __global const cs_t *markov_css_buf, const u32 off,
                       const u32 pw_l_len, const u32 pw_r_len, const u32 gid_max) {
  const u32 gid = get_global_id(0);
  if (gid >= gid_max) return;
  pw_t pw;
  pw.i[0] = 0;
  pw.i[1] = 0;
  pw.i[2] = 0;
  pw.i[3] = 0;
  pw.pw_len = pw_l_len + pw_r_len;
  generate_pw(pw.i, root_css_buf, markov_css_buf, pw_l_len & 7, pw_r_len & 7, off + gid);
  pws_buf[gid] = pw;
}

// A strided walk over whichever of two tables the host selected.
__kernel void strided_sum(__global const int *even, __global const int *odd,
                          __global int *out, int n, int use_odd, int count) {
  int gid = get_global_id(0);
  if (gid >= count) return;
  __global const int *p = use_odd ? odd : even;
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += *p;
    p += 4;
  }
  out[gid] = s;
}
