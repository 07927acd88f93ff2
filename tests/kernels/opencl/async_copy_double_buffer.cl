//pass
//--local_size=32 --num_groups=4
// Double buffering: the second chunk is fetched into `b` while the first,
// already waited for, is consumed from `a`. The values are used as indices
// (equality abstraction), so the havoc of a copied buffer must leave both
// threads of a group agreeing on its contents.
__kernel void async_copy_double_buffer(__global int *in, __global int *out, __global int *rot,
                                       __local int *a, __local int *b) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * 64;
  event_t ea = async_work_group_copy(a, in + base, 32, 0);
  wait_group_events(1, &ea);
  event_t eb = async_work_group_copy(b, in + base + 32, 32, 0);
  int x = a[lid];
  wait_group_events(1, &eb);
  int y = b[lid];
  out[base + lid] = x;
  out[base + 32 + lid] = y;
  if (a[0] > 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  rot[get_group_id(0) * 32 + ((a[1] + lid) & 31)] = x;
}
