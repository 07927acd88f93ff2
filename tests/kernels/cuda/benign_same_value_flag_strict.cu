//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2 --no-benign-tolerance
//possible write-write race on flag\[
// benign_same_value_flag with --no-benign-tolerance.
__global__ void benign_same_value_flag_strict(const float *v, int *flag) {
  if (v[blockIdx.x * blockDim.x + threadIdx.x] < 0.0f) *flag = 1;
}
