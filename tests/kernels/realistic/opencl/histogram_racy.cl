//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=64
//race on lhist
// Local histogram incremented with ++ instead of atomic_inc.
__kernel void histogram_plain_increment(__global const uchar *data, uint n, __global uint *histogram) {
  __local uint lhist[256];
  uint lid = get_local_id(0);
  lhist[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) lhist[data[i]]++;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&histogram[lid], lhist[lid]);
}
