//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//expressions_false.cl:13:3: error: this assertion might not hold
//expressions_false.cl:17:3: error: this assertion might not hold
//expressions_false.cl:21:3: error: this assertion might not hold
// Twins of expressions.cl that do not hold, one kernel each: an unsigned
// sum that wraps, a condition the two work items need not share, and an
// uninterpreted function about which nothing is known without its axiom.
DECLARE_UF_BINARY(weight, int, int, int)

__kernel void wraps(__global unsigned *out) {
  unsigned l = get_local_id(0);
  __assert(__add_noovfl_unsigned_int(l, 0xffffffffu));
  out[get_global_id(0)] = l;
}
__kernel void not_all(__global unsigned *out) {
  __assert(__all(get_local_id(0) < 32));
  out[get_global_id(0)] = 0;
}
__kernel void no_axiom(__global int *out) {
  __assert(weight(1, 2) == 3);
  out[get_global_id(0)] = weight(1, 2);
}
