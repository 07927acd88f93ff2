//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//Verified: .*kernel `saxpy`
//Not verified: .*kernel `histogram_racy`
//unsupported: a cast of an integer to a pointer .*in `gather_from_handle`
// One file, three kernels: the one that turns an integer handle into a
// pointer is refused on its own; the other two are still verified (and
// the racy one reported).
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  const int i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

__kernel void gather_from_handle(ulong handle, __global uint *out) {
  const int i = get_global_id(0);
  __global const float *x = (__global const float *)handle;
  out[i] = (uint)x[i];
}

__kernel void histogram_racy(__global const uchar *pixels, __global uint *bins) {
  const int i = get_global_id(0);
  bins[pixels[i]] += 1;
}
