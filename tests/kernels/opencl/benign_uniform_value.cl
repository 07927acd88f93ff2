//pass
//--local_size=64 --num_groups=1
// All work items write the same (uniform) value n * 2 to one element.
__kernel void benign_uniform_value(__global int *a, int n) {
  a[0] = n * 2;
}
