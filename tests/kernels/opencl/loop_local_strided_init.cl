//pass
//--local_size=32 --num_groups=2
// A work-group initialises a local array larger than itself, strided by
// the group size, then reads it back after a barrier.
#define M 256
__kernel void loop_local_strided_init(__global int *out) {
  __local int buf[M];
  for (unsigned i = get_local_id(0); i < M; i += get_local_size(0))
    buf[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  int sum = 0;
  for (unsigned i = 0; i < M; i++) sum += buf[i];
  out[get_global_id(0)] = sum;
}
