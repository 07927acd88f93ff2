//pass
//--local_size=64 --num_groups=2
__kernel void atomic_all_ops(__global int *i, __global unsigned *u) {
  atomic_add(&i[0], 2); atomic_sub(&i[1], 2); atomic_xchg(&i[2], 7);
  atomic_min(&i[3], -1); atomic_max(&i[4], 5); atomic_and(&i[5], 3);
  atomic_or(&i[6], 4); atomic_xor(&i[7], 1); atomic_inc(&i[8]); atomic_dec(&i[9]);
  atomic_cmpxchg(&i[10], 0, 1); atomic_min(&u[0], 3u); atomic_max(&u[1], 9u);
}
