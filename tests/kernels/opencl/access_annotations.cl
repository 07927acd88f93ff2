//pass
//--local_size=64 --num_groups=2
__kernel void access_annotations(__global int *a, __local int *s) {
  int l = get_local_id(0);
  for (int k = 0;
       __invariant(__no_read(a)),
       __invariant(__write_implies(s, __write_offset_bytes(s) / 4 == l)),
       k < 4; k++) {
    s[l] = k;
  }
  __assert(__uniform_int(get_local_size(0)));
  __assert(__implies(__same_group, __other_int(get_group_id(0)) == get_group_id(0)));
}
