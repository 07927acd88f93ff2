//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=16
//possible (read-write|write-read) race on bufB\[
// Racy twin of pingpong_local_scan.cl: a botched swap (`dst = src; src =
// bufB;`) makes both pointers name bufB from the third step on, so a work
// item reads the element its neighbour writes in the same step.
__kernel void scan_inclusive(__global const int *in, __global int *out, __local int *bufA, __local int *bufB) {
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  __local int *src = bufA;
  __local int *dst = bufB;
  src[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < get_local_size(0); offset *= 2) {
    dst[lid] = lid >= offset ? src[lid] + src[lid - offset] : src[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    dst = src;
    src = bufB;
  }
  out[gid] = src[lid];
}
