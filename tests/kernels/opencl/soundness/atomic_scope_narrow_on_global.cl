//xfail:FRONTEND_ERROR
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//Verified: .*kernel `bin_counts_two_level`
//Verified: .*kernel `bin_counts_device`
//Verified: .*kernel `flag_in_private`
//atomic_scope_narrow_on_global\.cl:[0-9]+:[0-9]+: error: unsupported: `atomic_fetch_add_explicit` with memory_scope_work_group on `bins`, memory other work-groups can reach.*\(in `bin_counts_group_scope`\)
//atomic_scope_narrow_on_global\.cl:[0-9]+:[0-9]+: error: unsupported: `atomic_fetch_max_explicit` with memory_scope_sub_group on `peak`, memory other work items can reach.*\(in `peak_sub_group`\)
//atomic_scope_narrow_on_global\.cl:[0-9]+:[0-9]+: error: unsupported: `atomic_store_explicit` with a memory scope that is not a compile-time constant on `done`.*\(in `store_runtime_scope`\)
// s11: OpenCL 2.0 atomics carry a memory scope. One that is narrower than
// the work items using the object is not atomic with respect to the
// others: four groups adding into the same global bins with
// memory_scope_work_group lose updates (a race between groups). Before
// s11 every scope was modelled as device scope and bin_counts_group_scope
// VERIFIED. Now such a call is refused (exit 4) with the object's name,
// and only its kernel: the others in the file are verified. Work-group
// scope on __local memory and device scope anywhere are exact.

#define BINS 64

typedef struct {
  uint width;
  uint height;
} frame_info;

static inline uint bin_of(uchar4 px) {
  // Luma in 0..255 folded into BINS bins.
  const uint y = (77u * px.x + 150u * px.y + 29u * px.z) >> 8;
  return y * BINS / 256u;
}

// The two-level histogram every SDK ships: work-group scope on the
// group's __local bins, device scope for the merge into global memory.
__kernel void bin_counts_two_level(__global const uchar4 *frame, frame_info info,
                                   __global atomic_uint *bins) {
  __local atomic_uint local_bins[BINS];
  const uint l = get_local_id(0);
  atomic_init(&local_bins[l], 0u);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  const uint n = info.width * info.height;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_fetch_add_explicit(&local_bins[bin_of(frame[i])], 1u, memory_order_relaxed,
                              memory_scope_work_group);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add_explicit(&bins[l],
                            atomic_load_explicit(&local_bins[l], memory_order_relaxed,
                                                 memory_scope_work_group),
                            memory_order_relaxed, memory_scope_device);
}

// The same merge written straight into global memory with device scope.
__kernel void bin_counts_device(__global const uchar4 *frame, __global atomic_uint *bins) {
  const uint i = get_global_id(0);
  atomic_fetch_add_explicit(&bins[bin_of(frame[i])], 1u, memory_order_relaxed,
                            memory_scope_device);
}

// The defect: work-group scope on global bins shared by all four groups.
__kernel void bin_counts_group_scope(__global const uchar4 *frame, __global atomic_uint *bins) {
  const uint i = get_global_id(0);
  atomic_fetch_add_explicit(&bins[bin_of(frame[i])], 1u, memory_order_relaxed,
                            memory_scope_work_group);
}

// Sub-group scope on __local memory: other sub-groups of the group race.
__kernel void peak_sub_group(__global const int *in, __global int *out) {
  __local atomic_int peak;
  const uint l = get_local_id(0);
  if (l == 0)
    atomic_init(&peak, 0);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_max_explicit(&peak, in[get_global_id(0)], memory_order_relaxed,
                            memory_scope_sub_group);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    out[get_group_id(0)] = atomic_load_explicit(&peak, memory_order_relaxed,
                                                memory_scope_work_group);
}

// A scope chosen at run time: treated as the narrowest one.
__kernel void store_runtime_scope(__global atomic_int *done, int wide) {
  memory_scope s = wide ? memory_scope_device : memory_scope_work_group;
  atomic_store_explicit(&done[0], 1, memory_order_relaxed, s);
}

// Work-item scope on the work item's own private atomic: exact.
__kernel void flag_in_private(__global int *out) {
  atomic_int mine;
  atomic_init(&mine, 0);
  atomic_fetch_add_explicit(&mine, 2, memory_order_relaxed, memory_scope_work_item);
  out[get_global_id(0)] = atomic_load_explicit(&mine, memory_order_relaxed,
                                               memory_scope_work_item);
}
