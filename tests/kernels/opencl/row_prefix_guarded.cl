//pass
//--local_size=32 --num_groups=4
// Running sums along each 64-float row, one work item per row, rows past
// `n` skipped: the loop runs under a divergent `if`, so a work item that
// skips it keeps stale copies of the loop's variables. Needs, at the loop
// head, `i >= 1` and `row < n` while the work item runs the loop (rule
// while_running) and "a logged access means thread 1 ran the loop" (rule
// access_running), on top of the row-range candidates.
#define ROW 64

__kernel void row_prefix(__global float *data, int n) {
  int row = get_global_id(0);
  if (row < n) {
    __global float *r = data + row * ROW;
    for (int i = 1; i < ROW; i++) {
      r[i] += r[i - 1];
    }
  }
}

// The same with the row offset in an index.
__kernel void row_prefix_indexed(__global float *data, int n) {
  int row = get_global_id(0);
  if (row < n) {
    int base = row * ROW;
    for (int i = 1; i < ROW; i++) {
      data[base + i] += data[base + i - 1];
    }
  }
}
