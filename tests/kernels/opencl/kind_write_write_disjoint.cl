//pass
//--local_size=64 --num_groups=1
// Each work item writes two elements of its own: 2l and 2l+1.
__kernel void kind_write_write_disjoint(__global int *a) {
  int l = get_local_id(0);
  a[2 * l] = l;
  a[2 * l + 1] = -l;
}
