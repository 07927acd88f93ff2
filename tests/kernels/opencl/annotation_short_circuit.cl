//pass
//--local_size=64 --num_groups=2
// `&&` and `||` around annotation calls in contracts and loop invariants:
// the short-circuit branches are merged so each annotation stays in the
// function's entry block or the loop head.
int next(int x) {
  __requires(x >= 0 && __uniform_int(x));
  __ensures(__return_val_int() > x || __other_int(x) != x);
  return x + 1;
}

__kernel void annotation_short_circuit(__global int *a, int n) {
  __requires(n > 0 && __uniform_int(n) && n < 1000);
  for (int i = 0; __invariant(i >= 0 && __uniform_int(i)),
                  __invariant(__no_read(a) || __read_offset_bytes(a) == 0), i < n;
       i = next(i)) {
    a[get_global_id(0)] = i;
  }
}
