//pass
//--local_size=64 --num_groups=2
__kernel void first(__global int *a) { a[get_global_id(0)] = 1; }
__kernel void second(__global int *a, __global int *b) { b[get_global_id(0)] = a[get_global_id(0)]; }
