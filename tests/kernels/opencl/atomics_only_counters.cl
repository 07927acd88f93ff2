//pass
//--local_size=64 --num_groups=2
// Atomics never race with atomics, on any element or in any group.
__kernel void atomics_only_counters(__global int *hist, __global int *total) {
  int g = get_global_id(0);
  atomic_add(&hist[g % 16], 1);
  atomic_inc(&total[0]);
  atomic_max(&hist[(g * 7) % 16], g);
}
