//pass
//--local_size=64 --num_groups=8
__kernel void atomic_counter(__global int *count) {
  atomic_inc(count);
}
