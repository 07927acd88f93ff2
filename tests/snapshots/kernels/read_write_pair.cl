//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Two work items: item 0 reads A[1], which item 1 writes. Both orders of
// the pair are reported (a read-write and a write-read race), each with
// forced ids.
__kernel void read_write_pair(__global int *A) {
  int lid = get_local_id(0);
  A[lid] = A[lid + 1];
}
