//pass
//--local_size=32 --num_groups=8
// Local memory is per group: the same local index in two groups is not
// a race.
__kernel void local_memory_per_group(__global int *out) {
  __local int s[32];
  int l = get_local_id(0);
  s[l] = get_group_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[31 - l];
}
