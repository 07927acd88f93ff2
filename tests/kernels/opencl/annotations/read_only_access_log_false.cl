//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//read_only_access_log_false.cl:11:8: error: loop invariant might not be maintained
// The same claim while the loop also reads the neighbour's element: an
// array that is only read has its reads logged for the annotation, so the
// false invariant is reported (it used to hold vacuously).
__kernel void scale(__global const float *in, __global float *out, int n) {
  int g = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0;
       __invariant(__read_implies(in, __read_offset(in) == g)),
       k < n; k++) {
    acc += in[g + (k & 1)] * 0.5f;
  }
  out[g] = acc;
}
