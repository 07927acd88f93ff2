//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible .*race on scratch
// The declared-only helper gets a pointer into local memory shared by the
// group: it may write any element, racing with the other work-items.
void accumulate(__local float *acc, float v);

__kernel void sum(__global const float *in, __local float *scratch) {
  int l = get_local_id(0);
  scratch[l] = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  accumulate(&scratch[l], in[get_global_id(0)]);
}
