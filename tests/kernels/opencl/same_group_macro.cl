//pass
//--local_size=[16,4] --num_groups=[4,4]
// GPUVerify's spelling `__same_group` (no parentheses) in OpenCL C: "the two
// work-items are in one work group" (issue 12 §5).
__kernel void clear_tiles(__global float *m, __local float *tile) {
  size_t lx = get_local_id(0), ly = get_local_id(1);
  __assert(__implies(__same_group, lx != __other_int(lx) || ly != __other_int(ly)));
  __assert(__implies(!__same_group, get_group_id(0) != __other_int(get_group_id(0)) ||
                                        get_group_id(1) != __other_int(get_group_id(1))));
  tile[ly * 16 + lx] = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  m[get_global_id(1) * get_global_size(0) + get_global_id(0)] = tile[ly * 16 + lx];
}
