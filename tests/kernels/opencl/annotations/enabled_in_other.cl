//pass
//--local_size=64 --num_groups=2
// `__enabled()` under `__other_bool`: whether the other work item of the
// pair runs here too (inside `if (l < 32)` it does iff its id is < 32).
__kernel void lower_half(__global int *out) {
  int l = get_local_id(0);
  if (l < 32) {
    __assert(__implies(__other_bool(__enabled()), __other_int(l) < 32));
    __assert(__implies(__same_group & (__other_int(l) < 32), __other_bool(__enabled())));
    out[get_group_id(0) * 64 + l] = l;
  }
}
