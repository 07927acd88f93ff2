//pass
//--local_size=64 --num_groups=2
// Every work item that finds a match writes 1 to the same flag: a
// benign race, tolerated by default.
__kernel void benign_found_flag(__global int *data, __global int *found, int key) {
  if (data[get_global_id(0)] == key) found[0] = 1;
}
