//pass
//--local_size=64 --num_groups=2
__kernel void local_argument(__global int *out, __local int *scratch) {
  scratch[get_local_id(0)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[(get_local_id(0) + 1) % get_local_size(0)];
}
