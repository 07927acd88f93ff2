//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//regex: expressions_false.cl:11:3: error: this assertion might not hold
//regex: expressions_false.cl:12:3: error: this assertion might not hold
//regex: expressions_false.cl:13:3: error: this assertion might not hold
// Twins of expressions.cl that do not hold: an unsigned sum that wraps,
// a condition the two work items need not share, and an uninterpreted
// function about which nothing is known without its axiom.
DECLARE_UF_BINARY(weight, int, int, int)

__kernel void forms(__global unsigned *out) {
  __assert(__add_noovfl_unsigned_int(get_local_id(0), 0xffffffffu));
  __assert(__all(get_local_id(0) < 32));
  __assert(weight(1, 2) == 3);
  out[get_global_id(0)] = get_local_id(0);
}
