//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible read-write race on a
// A device function reads the neighbour's element, which the neighbour
// overwrites: racy whether the helper is inlined or kept (--no-inline).
int get(__global int *p, int i) { return p[i]; }

__kernel void helper_neighbour_race(__global int *a) {
  int i = get_global_id(0);
  a[i] = get(a, (i + 1) % 128);
}
