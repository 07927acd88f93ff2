//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-read race on t\[
//possible write-read race on hist\[
//possible write-read race on acc\[
// An assertion reads the work item's view of memory. After the barrier
// invariant fixes `t[l] == 0` in every view, the neighbour overwrites
// t[l]: the assertion holds on the stale view but fails in a real run.
// Before s8 the assertion's read was not an access and the kernel
// verified; now it is race-checked like a kernel read.
#define WG 64

__kernel void stale_after_neighbour_write(__global int *out, int flag) {
  __local int t[WG];
  const int l = get_local_id(0);
  t[l] = 0;
  __barrier_invariant_1(t[l] == 0, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (flag)
    t[(l + 1) % WG] = 1;
  __assert(t[l] == 0);
  out[get_global_id(0)] = l;
}

// The guard of `__implies` holds for the upper half, whose elements the
// lower half overwrites.
__kernel void stale_under_implies(__global const int *in, __global int *out) {
  __local int hist[WG];
  const int l = get_local_id(0);
  hist[l] = 0;
  __barrier_invariant_1(hist[l] == 0, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < WG / 2 && in[get_global_id(0)] > 0)
    hist[l + WG / 2] = 1;
  __assert(__implies(l >= WG / 2, hist[l] == 0));
  out[get_global_id(0)] = l;
}

// An `__assert` standing at a loop head (the loop's invariant) reads the
// element the neighbour overwrote.
__kernel void stale_at_loop_head(__global int *out, int flag) {
  __local int acc[WG];
  const int l = get_local_id(0);
  acc[l] = 0;
  __barrier_invariant_1(acc[l] == 0, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (flag)
    acc[(l + 1) % WG] = 1;
  int i = 0;
  do {
    __assert(acc[l] == 0);
    i++;
  } while (i < 4);
  out[get_global_id(0)] = i;
}
