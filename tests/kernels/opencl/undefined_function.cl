//pass
//--local_size=64 --num_groups=2
// A helper from another translation unit, declared only: arbitrary
// result; it reads and writes the private buffer it is given.
float filter_tap(int i) __attribute__((const));
void load_window(__private float *window, int n);

__kernel void fir(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  float window[4];
  load_window(window, 4);
  out[i] = in[i] * filter_tap(i & 3) + window[i & 3];
}
