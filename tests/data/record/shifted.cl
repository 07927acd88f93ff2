// Copies in[i] to out[i + shift]: in bounds only when `out` has `shift`
// more elements than the launch has work-items (the recorded buffer sizes
// decide under --check-array-bounds).
__kernel void shifted_copy(__global float *out, __global const float *in, uint shift, __local float *scratch) {
  size_t i = get_global_id(0);
  scratch[get_local_id(0)] = in[i];
  out[i + shift] = scratch[get_local_id(0)];
}
