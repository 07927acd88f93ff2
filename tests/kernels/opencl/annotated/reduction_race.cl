//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=16 --no-infer
//possible (write-read|read-write) race on sdata
// reduction.cl with the barrier moved out of the loop: round k + 1 reads
// what round k wrote with nothing between them. The same invariants hold
// no longer (the read log is not empty at the loop head).
#define GROUP 128

__kernel void reduce(__global const int *in, __global int *out) {
  __local int sdata[GROUP];
  unsigned tid = get_local_id(0);
  sdata[tid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = GROUP / 2;
       __invariant(__implies(s != 0, __is_pow2(s))),
       __invariant(s <= GROUP / 2),
       s > 0;
       s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid == 0)
    out[get_group_id(0)] = sdata[0];
}
