//xfail:NOT_ALL_VERIFIED
//--local_size=[16,4] --num_groups=[4,4]
//same_group_macro_wrong\.cl:8:[0-9]+: error: this assertion might not hold
// Twin of same_group_macro.cl: work-items of different groups may share a
// local id, so the assertion fails.
__kernel void clear_tiles(__global float *m, __local float *tile) {
  size_t lx = get_local_id(0), ly = get_local_id(1);
  __assert(__implies(!__same_group, lx != __other_int(lx)));
  tile[ly * 16 + lx] = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  m[get_global_id(1) * get_global_size(0) + get_global_id(0)] = tile[ly * 16 + lx];
}
