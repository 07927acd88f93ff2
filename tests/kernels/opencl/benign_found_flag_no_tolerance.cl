//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-benign-tolerance
//possible write-write race on found\[
// benign_found_flag with --no-benign-tolerance.
__kernel void benign_found_flag_no_tolerance(__global int *data, __global int *found, int key) {
  if (data[get_global_id(0)] == key) found[0] = 1;
}
