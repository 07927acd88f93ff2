//pass
//--blockDim=64 --gridDim=2
// Every thread may write 1 to one flag: benign.
__global__ void benign_same_value_flag(const float *v, int *flag) {
  if (v[blockIdx.x * blockDim.x + threadIdx.x] < 0.0f) *flag = 1;
}
