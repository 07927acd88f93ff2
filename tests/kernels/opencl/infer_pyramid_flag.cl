//pass
//--local_size=64 --num_groups=8 --kernel-args=pyramid_step,3,512
// A one-dimensional stencil advanced `iteration` steps in local memory (the
// Rodinia pyramid): the valid region shrinks by one cell per side and step,
// and only the cells still valid after the last step are written back.
// `computed` is reassigned every step and the loop is left by its `break`
// at the last step, so the final write is guarded by the last step's range
// test: the groups' written cells are disjoint. Needs rule pyramid_flag
// (racy twin infer_pyramid_flag_racy.cl).
#define BLOCK 64
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

__kernel void pyramid_step(int iteration, int n, __global const float *src,
                           __global float *dst) {
  __local float cur[BLOCK];
  __local float next[BLOCK];
  int tx = get_local_id(0);
  int small_block = BLOCK - 2 * iteration;
  int x = small_block * (int)get_group_id(0) - iteration + tx;
  cur[tx] = (x >= 0 && x < n) ? src[x] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);

  int left = tx > 0 ? tx - 1 : 0;
  int right = tx < BLOCK - 1 ? tx + 1 : BLOCK - 1;
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK - i - 2)) {
      computed = true;
      next[tx] = 0.25f * cur[left] + 0.5f * cur[tx] + 0.25f * cur[right];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == iteration - 1)
      break;
    if (computed)
      cur[tx] = next[tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  if (computed && x >= 0 && x < n)
    dst[x] = next[tx];
}
