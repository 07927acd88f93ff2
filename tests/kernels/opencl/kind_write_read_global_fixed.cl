//pass
//--local_size=64 --num_groups=1
// kind_write_read_global with a global-fence barrier (one work group).
__kernel void kind_write_read_global_fixed(__global int *a, __global int *out) {
  int g = get_global_id(0);
  a[g] = g;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = a[(g + 1) % 64];
}
