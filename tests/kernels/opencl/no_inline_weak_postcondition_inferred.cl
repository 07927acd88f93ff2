//pass
//--local_size=64 --num_groups=2 --no-inline
// As no_inline_weak_postcondition.cl, with inference on: rule `contract`
// proposes the postcondition `$ret$k == x$k`, which the weak user
// postcondition lacks, and the kernel verifies.
int ident(int x) {
  __requires(x >= 0 && x < 64);
  __ensures(__return_val_int() >= 0 && __return_val_int() < 64);
  return x;
}

__kernel void no_inline_weak_postcondition_inferred(__global int *a) {
  a[get_group_id(0) * 64 + ident(get_local_id(0))] = get_local_id(0);
}
