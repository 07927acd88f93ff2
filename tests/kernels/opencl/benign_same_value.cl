//pass
//--local_size=64 --num_groups=1
__kernel void benign_same_value(__global int *flag) {
  *flag = 1;
}
