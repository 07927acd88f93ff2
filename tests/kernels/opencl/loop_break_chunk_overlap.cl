//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible
// As loop_break_chunk, but the loop runs one element past the chunk: the
// last write of a work-item hits the first element of the next one's.
__kernel void loop_break_chunk_overlap(__global int *a, int key) {
  unsigned t = get_global_id(0);
  for (unsigned i = 0; i <= 16; i++) {
    if (a[t * 16 + i] == key) break;
    a[t * 16 + i] = 0;
  }
}
