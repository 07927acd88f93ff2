//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//`__array_snapshot` \(ghost copies of arrays\) is not supported yet
// Declared, so clang accepts it; refused with a located message.
__kernel void snapshot(__local int *now, __local int *before) {
  __array_snapshot(before, now);
  now[get_local_id(0)] = 0;
}
