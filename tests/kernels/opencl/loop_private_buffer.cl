//pass
//--local_size=32 --num_groups=2
// A private buffer filled in a loop, then summed into the own element.
__kernel void loop_private_buffer(__global const int *in, __global int *out) {
  int buf[8];
  unsigned g = get_global_id(0);
  for (int k = 0; k < 8; k++) buf[k] = in[g * 8 + k];
  int sum = 0;
  for (int k = 0; k < 8; k++) sum += buf[k];
  out[g] = sum;
}
