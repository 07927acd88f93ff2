//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --only-intra-group
//possible write-read race on s\[
// An intra-group race is still reported with --only-intra-group.
__kernel void only_intra_group_reports_intra(__global int *out) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  out[get_global_id(0)] = s[(l + 1) % 64];
}
