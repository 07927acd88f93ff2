//pass
//--local_size=64 --num_groups=1 --cl-std=CL2.0
// In-place passes over a read_write image whose barriers sit in helpers,
// as filter libraries write them: one helper always fences images, the
// other takes the fence flags from its caller.
static inline void sync_pixels(void) { work_group_barrier(CLK_IMAGE_MEM_FENCE); }

static inline void sync_with(cl_mem_fence_flags flags) { barrier(flags); }

static inline uint4 left_of(read_write image1d_t img, int x) {
  return read_imageui(img, x == 0 ? 63 : x - 1);
}

__kernel void rotate_right(read_write image1d_t row) {
  const int x = get_local_id(0);
  uint4 prev = left_of(row, x);
  sync_pixels();
  write_imageui(row, x, prev);
}

__kernel void rotate_and_count(read_write image1d_t row, __local uint *seen) {
  const int x = get_local_id(0);
  uint4 prev = left_of(row, x);
  seen[x] = prev.x;
  sync_with(CLK_IMAGE_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  write_imageui(row, x, prev + (uint4)(seen[(x + 1) % 64]));
}
