//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --cl-std=CL2.0
//possible read-write race on row\(
// As image_fence_in_helper.cl, but the caller passes only the local fence:
// the helper's barrier does not order the image.
static inline void sync_with(cl_mem_fence_flags flags) { barrier(flags); }

__kernel void rotate_and_count(read_write image1d_t row, __local uint *seen) {
  const int x = get_local_id(0);
  uint4 prev = read_imageui(row, x == 0 ? 63 : x - 1);
  seen[x] = prev.x;
  sync_with(CLK_LOCAL_MEM_FENCE);
  write_imageui(row, x, prev + (uint4)(seen[(x + 1) % 64]));
}
