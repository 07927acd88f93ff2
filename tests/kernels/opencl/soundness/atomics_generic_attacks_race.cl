//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//possible write-write race on out\[
//possible read-write race on expected\[
//possible write-write race on loc\[
// Attacks of the s9 review on session 8's GNU/C11 atomics and generic
// address space (each reported; none verified at any point):
// - a flag set by one work item's atomic store and read by the others'
//   atomic loads: the load must return the other's store, not the thread's
//   own view after the barrier, so two work items may write out[group];
// - __atomic_compare_exchange_n writes `expected` when it fails: with
//   `expected` in __local memory shared by the group, that write races
//   with the other work items' reads of it;
// - a generic pointer that designates a __local element for odd work
//   items and a __global one for even ones, written through a helper.

__kernel void flag_by_atomic_store(__global int *out) {
  __local atomic_int flag;
  const int l = get_local_id(0);
  if (l == 0)
    atomic_init(&flag, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 1)
    atomic_store_explicit(&flag, 1, memory_order_relaxed, memory_scope_work_group);
  if (atomic_load_explicit(&flag, memory_order_relaxed, memory_scope_work_group) == 1)
    out[get_group_id(0)] = l;
}

__kernel void cmpxchg_shared_expected(__global int *counter, __global int *out) {
  __local int expected[1];
  const int l = get_local_id(0);
  if (l == 0)
    expected[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  __atomic_compare_exchange_n(&counter[0], &expected[0], l, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  out[get_global_id(0)] = l;
}

static void put(int *p, int v) { *p = v; }

__kernel void generic_local_or_global(__global int *glob, __global int *out) {
  __local int loc[64];
  const int l = get_local_id(0);
  loc[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p = (l & 1) ? (int *)&loc[l / 4] : (int *)&glob[get_global_id(0)];
  put(p, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = loc[l];
}
