//pass
//--local_size=64 --num_groups=2
__kernel void unsigned_division(__global uint *a, uint d) {
  uint i = get_global_id(0);
  a[i] = (a[i] / (d | 1)) % 7 + (a[i] >> 3) + (uint)((int)a[i] >> 2);
}
