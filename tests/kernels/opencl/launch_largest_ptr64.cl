//pass
//--local_size=1024 --num_groups=4194303 --pointer-bitwidth=64
// The race-free twin of launch_largest_ptr64_race.cl: one element per work
// item, addressed in 64 bits.
__kernel void halve(__global float *out) {
  size_t gid = get_global_id(0);
  out[gid] = (float)gid * 0.5f;
}
