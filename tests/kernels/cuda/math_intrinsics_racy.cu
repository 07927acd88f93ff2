//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
//possible write-write race on histogram\[
// Bit counts as indices: threads 1 and 2 both have one bit set.
__global__ void popcount_slots(unsigned *histogram) {
  histogram[__popc(threadIdx.x)] = threadIdx.x;
}
