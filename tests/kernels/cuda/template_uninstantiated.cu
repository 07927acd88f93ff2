//xfail:COMMAND_LINE_ERROR
//--blockDim=64 --gridDim=1
//template kernel `saxpy` is never instantiated
//saxpy<float><<<grid, block>>>
// A header-style template kernel with no instantiation in the file: the
// verifier says how to instantiate it instead of "no kernel found".
template <typename T>
__global__ void saxpy(T a, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
