//pass
//--local_size=64 --num_groups=4 --no-inline
// Contracts of a device function (checked with --no-inline: the callee is
// verified against them, callers see only them) and of the kernel.
int scaled(int x, int k) {
  __requires(k > 0 & k < 8);
  __requires(x >= 0 & x < 4096);
  __ensures(__return_val_int() == __old_int(x) * k);
  __ensures(__return_val_int() >= 0);
  return x * k;
}

__kernel void scale(__global int *out, int k) {
  __requires(k == 4);
  __global_requires(__uniform_int(k));
  int l = get_local_id(0);
  int v = scaled(l, k);
  __assert(v < 4 * 64);
  __global_assert(__uniform_int(get_local_size(0)));
  out[get_group_id(0) * 64 + l] = v;
}
