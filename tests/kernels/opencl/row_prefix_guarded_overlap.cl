//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4
//possible (read-write|write-read|write-write) race on data\[
// row_prefix_guarded.cl with the loop bound one too far: the last sum
// writes the first element of the next work item's row.
#define ROW 64

__kernel void row_prefix(__global float *data, int n) {
  int row = get_global_id(0);
  if (row < n) {
    __global float *r = data + row * ROW;
    for (int i = 1; i <= ROW; i++) {
      r[i] += r[i - 1];
    }
  }
}
