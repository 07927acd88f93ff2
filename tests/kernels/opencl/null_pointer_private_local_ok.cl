//pass
//--local_size=64 --num_groups=4
// Twin of null_pointer_private_local.cl: every selected pointer is valid.
__kernel void pick_buffer(__global int *out, __local int *scratch, int use_private) {
  int mine[4];
  int lid = get_local_id(0);
  int *p = mine;
  if (use_private && lid < 32)
    p = &mine[1];
  __local int *q = &scratch[lid];
  if (use_private)
    p[lid & 1] = lid;
  *q = lid + p[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[lid];
}
