//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --cl-std=CL2.0
//possible [a-z-]+ race on status\[
//possible [a-z-]+ race on tile\[
//possible [a-z-]+ race on counter\[
// The racy twin of atomic_load_with_plain_reads.cl: each kernel's atomic
// load reads a location another work-item writes with a plain store in
// the same barrier interval (an atomic load does not order or protect a
// plain write), with and without atomic updates of that location.
#define TILE 64

typedef volatile __global atomic_int *global_status_t;

static int peek_status(__global int *status, int j) {
  return atomic_load_explicit((global_status_t)&status[j], memory_order_acquire,
                              memory_scope_device);
}

__kernel void publish_and_peek(__global int *status, __global float *out) {
  const int i = get_global_id(0);
  status[i] = 1;
  out[i] = (float)peek_status(status, (i + 1) % (int)get_global_size(0));
}

__kernel void poll_local(__global const int *flags, __global int *out,
                         __local int *tile) {
  const int l = get_local_id(0);
  tile[l] = flags[get_global_id(0)];
  out[get_global_id(0)] = __atomic_load_n(&tile[(l + 1) % TILE], __ATOMIC_RELAXED);
}

__kernel void reset_and_peek(__global int *counter, __global int *seen) {
  if (get_global_id(0) == 0)
    *counter = 0;
  atomic_fetch_add_explicit((global_status_t)counter, 1, memory_order_relaxed,
                            memory_scope_device);
  seen[get_global_id(0)] = peek_status(counter, 0);
}
