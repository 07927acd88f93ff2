//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --kernel-args=pyramid_step,3,512
//possible write-write race on dst\[
// Racy twin of infer_pyramid_flag.cl: the range test keeps one cell too
// many on each side (`IN_RANGE(tx, i, BLOCK - i - 1)`), so after the last
// step the border cells of neighbouring groups are both written: group g's
// local id BLOCK - iteration and group g + 1's local id iteration - 1 hit
// the same dst[x] (break_bound still holds; the race must be reported).
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
    if (IN_RANGE(tx, i, BLOCK - i - 1)) {
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
