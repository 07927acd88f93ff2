//pass
//--local_size=64 --num_groups=1
// kind_read_write_local with a barrier between the read and the write.
__kernel void kind_read_write_local_fixed(__global int *out) {
  __local int s[64];
  int l = get_local_id(0);
  int x = s[(l + 1) % 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  s[l] = 7;
  out[get_global_id(0)] = x;
}
