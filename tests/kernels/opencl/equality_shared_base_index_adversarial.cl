//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --adversarial-abstraction
//possible write-write race on a\[
// equality_shared_base_index under the adversarial abstraction: the two
// work items may read different bases (a false alarm, as expected).
__kernel void equality_shared_base_index_adversarial(__global int *a, int n) {
  __local int base[1];
  int l = get_local_id(0);
  if (l == 0) base[0] = n;
  barrier(CLK_LOCAL_MEM_FENCE);
  a[base[0] + l] = l;
}
