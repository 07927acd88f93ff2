//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8] --gridDim=1
//possible write-write race on a\[
//thread \(
// A 2-D block where rows collide: ids print as (x, y, z).
__global__ void two_d_block_race_coordinates(int *a) {
  a[threadIdx.x] = threadIdx.y;
}
