//pass
//--local_size=64 --num_groups=2 --no-inline
// The kernel writes at an index a device function computes. With
// --no-inline the kernel sees only the function's contract; inference
// proposes the postcondition `$ret$k == 2 * i$k + 1` (rule `contract`),
// which shows distinct threads write distinct elements.
int slot(int i) { return 2 * i + 1; }

__kernel void no_inline_infer_result(__global int *a) {
  a[slot(get_global_id(0))] = get_global_id(0);
}
