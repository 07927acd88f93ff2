//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=64 --global_offset=*
//possible write-write race on dst\[
// Two work items with consecutive global ids 2k, 2k+1 write dst[k]. With
// an arbitrary global offset the racing pair need not start at local id
// 0: the report's global ids must include the offset (tests/reports.rs
// checks that both printed global ids halve to the printed element).

__kernel void halve(__global float *dst, __global const float *src) {
  int x = get_global_id(0);
  dst[x / 2] = src[x] * 0.5f;
}
