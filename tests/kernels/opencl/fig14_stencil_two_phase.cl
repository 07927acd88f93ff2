//pass
//--local_size=256 --num_groups=1
// Figure 14 experiment kernel (examples/fig14.rs): a three-point stencil
// in local memory with three barriers; the result is written back rotated
// by one. Loop-free.
__kernel void fig14_stencil_two_phase(__global int *a) {
  __local int buf[4096];
  unsigned t = get_local_id(0);
  unsigned n = get_local_size(0);
  buf[t] = a[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  int left = t > 0 ? buf[t - 1] : 0;
  int right = t + 1 < n ? buf[t + 1] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[t] = left + right;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  a[t] = buf[(t + 1) % n];
}
