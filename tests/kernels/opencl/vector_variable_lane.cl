//pass
//--local_size=64 --num_groups=4
// A lane picked by a run-time index, and a select with a vector condition.
__kernel void vector_variable_lane(__global int4 *v, __global int *out, int k) {
  size_t i = get_global_id(0);
  int4 x = v[i];
  int lane = x[k & 3];
  x[(k + 1) & 3] = lane;
  int4 y = (int4)(1, 2, 3, 4);
  int4 z = x > y ? x : y;
  v[i] = z;
  out[i] = lane;
}
