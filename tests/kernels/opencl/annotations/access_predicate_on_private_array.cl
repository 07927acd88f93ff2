//xfail:UNSUPPORTED
//--local_size=64 --num_groups=2
//access_predicate_on_private_array.cl:12:12: error: unsupported: `__no_read` on the private array `window`
// Accesses to a work item's own memory cannot race and are not logged, so
// an access predicate about a private array would be meaningless (it
// would read as "never accessed"): refused with a located message.
__kernel void smooth(__global const float *in, __global float *out) {
  float window[3];
  int g = get_global_id(0);
  for (int k = 0; k < 3; k++)
    window[k] = in[g + k];
  __assert(__no_read(window));
  out[g] = (window[0] + window[1] + window[2]) / 3.0f;
}
