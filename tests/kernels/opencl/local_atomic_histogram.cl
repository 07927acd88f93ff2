//pass
//--local_size=256 --num_groups=4
__kernel void local_atomic_histogram(__global const uchar *data, __global uint *hist) {
  __local uint bins[256];
  uint l = get_local_id(0);
  bins[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&bins[data[get_global_id(0)]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&hist[l], bins[l]);
}
