//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//undefined behaviour
// A strided copy from local to global memory with a destination stride
// of 0: every element of the copy lands on dst[0], written concurrently
// by the group's work items (undefined in OpenCL C 2.0 6.13.10). Before
// s8 the pending-copy model never compared two elements of one copy in
// one group, and the kernel verified.
#define WG 64

__kernel void column_sum_out(__global float *sums, __global const float *in, int stride) {
  __local float partial[WG];
  const int l = get_local_id(0);
  partial[l] = in[get_global_id(0)] * 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  // Meant `stride`, written `stride * 0` while debugging.
  event_t e = async_work_group_strided_copy(sums + get_group_id(0), partial, WG, stride * 0, 0);
  wait_group_events(1, &e);
}
