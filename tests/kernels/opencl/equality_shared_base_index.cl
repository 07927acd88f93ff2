//pass
//--local_size=64 --num_groups=1
// The write index adds a base read from local memory after a barrier:
// race-free only because both work items read the same base (the
// equality abstraction, chosen automatically).
__kernel void equality_shared_base_index(__global int *a, int n) {
  __local int base[1];
  int l = get_local_id(0);
  if (l == 0) base[0] = n;
  barrier(CLK_LOCAL_MEM_FENCE);
  a[base[0] + l] = l;
}
