//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//kernel `one_writer_per_iteration`\): 1 possible defect
//kernel `stale_slot`\): 1 possible defect
//kernel `guard_reads_body`\): 1 possible defect
//kernel `predicated_counter`\): 1 possible defect
//kernel `inner_only`\): 1 possible defect
// s10 review, loop-head havoc attacks: each race needs a variable (or the race log)
// that the loop modifies to be havocked at the loop head, and needs more
// than 5 iterations (the bounded run before inference does not find it).

// Different work items write flag[group] in different iterations.
__kernel void one_writer_per_iteration(__global int *flag, int n) {
  int l = get_local_id(0);
  for (int i = 0; i < n; i++) {
    if (i >= 8 && l == i)
      flag[get_group_id(0)] = i;
  }
}

// `slot` is assigned on one path only and read on both.
__kernel void stale_slot(__global int *out, __global const int *keys, int n) {
  int l = get_local_id(0);
  int slot = l;
  for (int i = 0; i < n; i++) {
    if (i >= 8)
      slot = keys[i] & 7;
    out[get_group_id(0) * 64 + slot] = i;
  }
}

// The loop's own guard reads what the body assigns.
__kernel void guard_reads_body(__global int *out, int n) {
  int l = get_local_id(0);
  int at = l;
  int i = 0;
  while (i < n) {
    i++;
    if (i > 8)
      at = 0;
  }
  out[get_group_id(0) * 64 + (at & 63)] = l;
}

// A loop under a divergent branch (predicated).
__kernel void predicated_counter(__global int *out, int rows) {
  int l = get_local_id(0);
  int last = l;
  if (l < 32) {
    for (int r = 0; r < rows; r++) {
      if (r >= 8)
        last = 0;
    }
  }
  out[get_group_id(0) * 64 + last] = l;
}

// A value assigned only in an inner loop.
__kernel void inner_only(__global int *out, int n, int m) {
  int l = get_local_id(0);
  int k = l;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      if (i >= 6 && j >= 6)
        k = 0;
  }
  out[get_group_id(0) * 64 + (k & 63)] = l;
}
