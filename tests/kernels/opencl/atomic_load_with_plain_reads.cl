//pass
//--local_size=64 --num_groups=8 --cl-std=CL2.0
// Decoupled look-back style status polling (OpenCL 2.0): a tile's status
// flags, written by an earlier pass, are read both plainly and with
// atomic loads by neighbouring work-items. Atomic loads never race with
// plain reads, other atomic loads or atomic updates; only a plain write
// of another work-item races with them (atomic_load_with_plain_write.cl).
#define TILE 64

typedef volatile __global atomic_int *global_status_t;

static int peek_status(__global int *status, int j) {
  return atomic_load_explicit((global_status_t)&status[j], memory_order_acquire,
                              memory_scope_device);
}

__kernel void gather_ready(__global int *status, __global const float *vals,
                           __global float *out) {
  const int i = get_global_id(0);
  const int left = i > 0 ? i - 1 : i;
  const int mine = status[i];
  const int theirs = peek_status(status, left);
  out[i] = (mine && theirs) ? vals[left] : 0.0f;
}

__kernel void poll_local(__global const int *flags, __global int *out,
                         __local int *tile) {
  const int l = get_local_id(0);
  tile[l] = flags[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  const int n = __atomic_load_n(&tile[(l + 1) % TILE], __ATOMIC_RELAXED) + tile[l ^ 1];
  out[get_global_id(0)] = n;
}

__kernel void count_and_peek(__global int *counter, __global int *seen) {
  atomic_fetch_add_explicit((global_status_t)counter, 1, memory_order_relaxed,
                            memory_scope_device);
  seen[get_global_id(0)] = peek_status(counter, 0);
}
