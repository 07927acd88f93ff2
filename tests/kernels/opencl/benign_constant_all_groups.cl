//pass
//--local_size=32 --num_groups=8
// Every work item of every group writes 42 to out[0]: benign.
__kernel void benign_constant_all_groups(__global int *out) {
  out[0] = 42;
}
