//pass
//--local_size=64 --num_groups=2
// A loop whose trip count depends on the work item, without barriers;
// each work item writes only its own element (user invariants).
__kernel void nonuniform_loop_disjoint_writes(__global int *a) {
  int g = get_global_id(0);
  for (int i = 0;
       __invariant(__write_implies(a, __write_offset_bytes(a) == get_global_id(0) * 4)),
       __invariant(__read_implies(a, __read_offset_bytes(a) == get_global_id(0) * 4)),
       i < g % 5; i++) {
    a[g] = a[g] + i;
  }
}
