//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//`__atomic_has_taken_value` is not supported yet
__kernel void counter(__global unsigned *c, __global unsigned *out) {
  unsigned v = atomic_inc(c);
  __assert(__implies(__atomic_has_taken_value(c, 0, v), v < 1000));
  out[get_global_id(0)] = v;
}
