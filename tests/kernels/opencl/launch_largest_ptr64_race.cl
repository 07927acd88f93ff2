//xfail:NOT_ALL_VERIFIED
//--local_size=1024 --num_groups=4194303 --pointer-bitwidth=64
//race on out\[
// The largest launch that fits 32-bit ids (2^32 - 1024 work items), with
// 64-bit pointers and size_t: pairs of work items share an output element.
__kernel void halve(__global float *out) {
  size_t gid = get_global_id(0);
  out[gid / 2] = (float)gid;
}
