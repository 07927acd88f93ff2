//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//race on s\[
// Bitonic sort without the barrier after each compare-exchange step.
#define N 64
__kernel void loop_bitonic_missing_barrier(__global int *data) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = data[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned k = 2; k <= N; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = t ^ j;
      if (ixj > t) {
        int a = s[t], b = s[ixj];
        if (a > b) { s[t] = b; s[ixj] = a; }
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[t] = s[t];
}
