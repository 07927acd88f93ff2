//pass
//--local_size=64 --num_groups=4
// Race-free twin of assertion_stale_view_race.cl: the assertions read
// only elements no other work item writes in their barrier interval
// (own elements, or elements read only where the `__implies`/`||` guard
// holds), so each work item's view is the element's value.
#define WG 64

__kernel void own_element(__global int *out, int flag) {
  __local int t[WG];
  const int l = get_local_id(0);
  t[l] = 0;
  __barrier_invariant_1(t[l] == 0, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (flag)
    t[l] = 1;
  __assert(flag || t[l] == 0);
  out[get_global_id(0)] = l;
}

__kernel void guarded_halves(__global const int *in, __global int *out) {
  __local int hist[WG];
  const int l = get_local_id(0);
  hist[l] = 0;
  __barrier_invariant_1(hist[l] == 0, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < WG / 2 && in[get_global_id(0)] > 0)
    hist[l + WG / 2] = 1;
  __assert(__implies(l < WG / 2, hist[l] == 0));
  __assert(l >= WG / 2 || hist[l] == 0);
  out[get_global_id(0)] = l;
}

__kernel void own_at_loop_head(__global int *out, int flag) {
  __local int acc[WG];
  const int l = get_local_id(0);
  acc[l] = 0;
  __barrier_invariant_1(acc[l] == 0, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  int i = 0;
  do {
    __assert(acc[l] == 0);
    if (flag)
      acc[l] = 0;
    i++;
  } while (i < 4);
  out[get_global_id(0)] = i;
}
