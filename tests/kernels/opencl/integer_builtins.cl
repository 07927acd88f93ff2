//pass
//--local_size=64 --num_groups=2
__kernel void integer_builtins(__global int *a, __global uint *u) {
  int i = get_global_id(0);
  a[i] = min(a[i], 10) + max(a[i], -3) + abs(a[i]) + mul24(i, 3) + mad24(i, 2, 1);
  u[i] = clz(u[i]) + popcount(u[i]) + rotate(u[i], 3u) + add_sat(u[i], 7u) + hadd(u[i], 1u);
}
