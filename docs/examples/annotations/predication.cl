//pass
//--local_size=64 --num_groups=2
// Thread-relative annotations: what the other work item of the pair sees,
// whether this one runs here, and assumptions (unchecked!).
__kernel void halves(__global int *out, int n) {
  __assume(n == 32);
  int l = get_local_id(0);
  __assert(__implies(__same_group, __other_int(get_group_id(0)) == get_group_id(0)));
  __assert(__distinct_int(l) | !__same_group);
  __assert(__uniform_bool(n == 32));
  if (l < n) {
    __assert(__enabled());
    __assert(__implies(__other_bool(l < n), __other_int(l) < n));
    out[get_group_id(0) * 64 + l] = l;
  }
  __assert(__ptr_base(out) == __ptr_base(out + 1));
  __assert(__ptr_offset_bytes(out + 2) == 8);
}
