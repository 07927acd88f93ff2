//pass
//--local_size=128 --num_groups=16 --no-infer
// A work-group reduction annotated the way GPUVerify users do it: the
// loop invariants (inference off) say the stride is a power of two no
// larger than half the group, and that nothing was accessed since the last
// barrier; the grid-stride pre-pass says which elements of `partial` a work
// item has written (its own residue class).
#define GROUP 128

__kernel void reduce(__global const int *in, __global int *out) {
  __local int sdata[GROUP];
  unsigned tid = get_local_id(0);
  sdata[tid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = GROUP / 2;
       __invariant(__implies(s != 0, __is_pow2(s))),
       __invariant(s <= GROUP / 2),
       __invariant(__no_read(sdata)),
       __invariant(__no_write(sdata)),
       s > 0;
       s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0)
    out[get_group_id(0)] = sdata[0];
}

// First pass of a two-pass reduction: each work item folds one column of
// the input (rows of `stride` elements) into its partial sum.
__kernel void fold(__global const int *in, __global int *partial, unsigned rows) {
  __requires(rows <= 1024);
  unsigned gid = get_global_id(0);
  unsigned stride = get_global_size(0);
  partial[gid] = 0;
  for (unsigned k = 0;
       __invariant(__implies(__write(partial), __write_offset(partial) == gid)),
       __invariant(__implies(__read(partial), __read_offset(partial) == gid)),
       k < rows;
       k++)
    partial[gid] += in[k * stride + gid];
}
