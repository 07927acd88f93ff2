//pass
//--local_size=64 --num_groups=4 --no-inline
// Helpers that touch no shared memory need no contract about the access
// log: their postconditions carry the facts the caller needs.
int twice(int x) {
  __ensures(__return_val_int() == x + x);
  return x + x;
}

int halve(int x) {
  __requires(x >= 0);
  __ensures(__return_val_int() == x / 2);
  return x / 2;
}

__kernel void no_inline_pure_helpers(__global int *a) {
  int i = get_local_id(0);
  int g = get_group_id(0) * 64;
  a[g + halve(twice(i))] = twice(a[g + i]);
}
