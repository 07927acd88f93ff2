//xfail:CLANG_ERROR
//--local_size=64 --num_groups=1
//pointers to functions are not allowed
// `__return_val_funptr(T)` names a function-pointer result; OpenCL C has no
// function pointers, so clang rejects the kernel before the verifier sees
// it (in CUDA the verifier refuses calls through function pointers).
typedef int (*op_t)(int);

int twice(int x) { return 2 * x; }

op_t pick(void) {
  __ensures(__return_val_funptr(op_t) == twice);
  return twice;
}

__kernel void through_pointer(__global int *out) {
  out[get_global_id(0)] = pick()(1);
}
