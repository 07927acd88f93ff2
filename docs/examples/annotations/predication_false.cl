//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//predication_false.cl:9:3: error: this assertion might not hold
// The other work item of the pair need not share this one's local id.
__kernel void halves(__global int *out) {
  int l = get_local_id(0);
  out[get_global_id(0)] = l;
  // (false: two distinct work items are compared)
  __assert(__uniform_int(l));
}
