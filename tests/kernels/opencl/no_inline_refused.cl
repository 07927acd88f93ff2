//xfail:COMMAND_LINE_ERROR
//--local_size=64 --num_groups=1 --no-inline
//--no-inline is not supported for kernels yet
// --no-inline is refused (exit 1), never silently ignored: device
// functions are always inlined for now.
int twice(int x) { return 2 * x; }

__kernel void no_inline_refused(__global int *a) {
  a[get_global_id(0)] = twice(get_global_id(0));
}
