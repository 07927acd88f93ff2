//pass
//--local_size=64 --num_groups=2
// Bitonic sort of one work-group's elements in local memory: the partner
// t ^ j of a comparing thread never compares itself.
#define N 64
__kernel void loop_bitonic_local(__global int *data) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned k = 2; k <= N; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = t ^ j;
      if (ixj > t) {
        int a = s[t], b = s[ixj];
        bool up = (t & k) == 0;
        if ((a > b) == up) { s[t] = b; s[ixj] = a; }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  data[get_global_id(0)] = s[t];
}
