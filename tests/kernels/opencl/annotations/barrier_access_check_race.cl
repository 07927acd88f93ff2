//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//barrier_access_check_race.cl: error: possible write-read race on slot\[
// A barrier invariant before its barrier reads the thread's view of memory;
// the view of an element another work item wrote since the last barrier is
// not exact, so that read is race-checked (the access check of barrier
// invariants). Here the invariant is instantiated for the mirror work item,
// whose slot was written by it: reported (--no-barrier-access-checks would
// assume it away).
#define WG 64

__kernel void reverse_mirror(__global const int *in, __global int *out) {
  __local int slot[WG];
  int t = get_local_id(0);
  slot[t] = WG - 1 - t;
  __barrier_invariant_1(slot[WG - 1 - t] == t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * WG + slot[WG - 1 - t]] = in[get_global_id(0)];
}
