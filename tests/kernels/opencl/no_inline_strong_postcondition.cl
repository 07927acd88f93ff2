//pass
//--local_size=64 --num_groups=2 --no-inline
// no_inline_weak_postcondition.cl with a postcondition strong enough for
// the caller.
int ident(int x) {
  __requires(x >= 0 && x < 64);
  __ensures(__return_val_int() == x);
  return x;
}

__kernel void no_inline_strong_postcondition(__global int *a) {
  a[get_group_id(0) * 64 + ident(get_local_id(0))] = get_local_id(0);
}
