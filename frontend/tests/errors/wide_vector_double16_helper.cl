// expect: 4 a `double16` value passed to or returned by `accumulate`
// A helper taking a wide vector by value is refused, named in OpenCL terms.
double16 accumulate(double16 acc, double16 x) { return acc + x * x; }

__kernel void sum_squares(__global double16 *acc, __global const double16 *x) {
  size_t i = get_global_id(0);
  acc[i] = accumulate(acc[i], x[i]);
}
