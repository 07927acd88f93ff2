//pass
//--local_size=64 --num_groups=2
// The expression forms of the annotation language, each stated where it
// holds.
DECLARE_UF_BINARY(weight, int, int, int)

__kernel void forms(__global unsigned *out, __global int *w, unsigned mask) {
  __requires(__is_pow2(mask + 1) && mask < 1024);
  unsigned l = get_local_id(0);
  int g = get_global_id(0);
  __assert(__ite(l < 32, 0, 1) == (l >= 32));
  __assert(__ite_unsigned_int(l == 0, 7u, l) != 0 || l == 0);
  __assert(__mod_pow2(l, 16) == l % 16);
  __assert(__add_noovfl_unsigned_int(l, 1u));
  __assert(!__add_noovfl_unsigned_int(0xffffffffu, l + 1));
  __assert(__add_noovfl_int((int)l, 1));
  __assert(__add_unsigned_int(l, 1u) == l + 1);
  __assert(__all(l < 64));
  __assert(__implies(__same_group, __exclusive(l == 0) || l != 0));
  __assert(__implies(__same_group, __distinct_bool(l == 0) == ((l == 0) != (__other_int(l) == 0))));
  __assert(__dominator_enabled());
  __assert(__uniform_ptr_base(out));
  __axiom(weight(1, 2) == 3);
  __assert(weight(1, 2) == 3);
  out[g] = (l & mask);
}
