//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//enabled_in_other_false.cl:9:5: error: this assertion might not hold
// Not every pair runs the branch together: the work item with id 40 does
// not, so "enabled here" is not uniform.
__kernel void lower_half(__global int *out) {
  int l = get_local_id(0);
  if (l < 32) {
    __assert(__uniform_bool(__enabled()));
    out[get_group_id(0) * 64 + l] = l;
  }
}
