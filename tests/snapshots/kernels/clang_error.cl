//xfail:CLANG_ERROR
//--local_size=2 --num_groups=1
// A syntax error: clang's diagnostic is passed through.
__kernel void clang_error(__global int *A) {
  A[0] = ;
}
