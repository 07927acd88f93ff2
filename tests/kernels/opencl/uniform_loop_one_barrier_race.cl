//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --loop-unwind=2
//possible write-read race on s\[
// A uniform loop whose single barrier sits at the top: the read of the
// neighbour's cell right after the write is unordered.
__kernel void uniform_loop_one_barrier_race(__global int *out, int n) {
  __local int s[64];
  int l = get_local_id(0);
  int acc = 0;
  for (int i = 0; i < n; i++) {
    barrier(CLK_LOCAL_MEM_FENCE);
    s[l] = i;
    acc += s[(l + 1) % 64];
  }
  out[get_global_id(0)] = acc;
}
