//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//possible (write-write|read-write|write-read) race on rows\[
// Twin of wide_vectors.cl: work item i also writes lane 15 of the next
// float16 row, which that row's owner rewrites.

__kernel void scale_rows_overlap(__global float16 *rows, float gain) {
  size_t i = get_global_id(0);
  float16 r = rows[i];
  rows[i] = r * gain;
  rows[i + 1].sf = 0.0f;
}
