//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//possible (write-write|read-write|write-read) race on data\[
// Twin of wide_vectors.cl: vstore16 at index i + 1 overlaps the chunk the
// next work item loads and stores.

__kernel void double_floats_shifted(__global float *data) {
  size_t i = get_global_id(0);
  float16 v = vload16(i, data);
  vstore16(v + v, i + 1, data);
}
