//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
__kernel void mem_fences(__global int *a) {
  a[get_local_id(0)] = 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  a[get_local_id(0) + 1] = 2;
}
