//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//Verified: .*kernel `saxpy`
//Not verified: .*kernel `histogram_racy`
//unsupported: a pointer cast to an integer .*in `pointer_hash`
// One file, three kernels: the one that hashes a pointer is refused on its
// own; the other two are still verified (and the racy one reported).
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  const int i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

__kernel void pointer_hash(__global const float *x, __global uint *out) {
  const int i = get_global_id(0);
  out[i] = (uint)(uintptr_t)(x + i) * 2654435761u;
}

__kernel void histogram_racy(__global const uchar *pixels, __global uint *bins) {
  const int i = get_global_id(0);
  bins[pixels[i]] += 1;
}
