//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//possible write-write race on a
// Racy twin of no_inline_infer_result.cl: two threads share each slot.
int slot(int i) { return i / 2; }

__kernel void no_inline_infer_result_race(__global int *a) {
  a[slot(get_global_id(0))] = get_global_id(0);
}
