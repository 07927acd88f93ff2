//xfail:FRONTEND_ERROR
//--local_size=8,8 --num_groups=2,2
//Verified: .*kernel `invert`
//Verified: .*kernel `threshold`
//multi_kernel_image_and_unsupported\.cl:[0-9]+:[0-9]+: error: unsupported: .*in `hash_rows`
// An image-filter library: the kernel that reads rows through an integer
// handle is refused alone; the filters beside it are verified.
__constant sampler_t nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void invert(read_only image2d_t src, write_only image2d_t dst) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const float4 c = read_imagef(src, nearest, p);
  write_imagef(dst, p, (float4)(1.0f - c.xyz, c.w));
}

__kernel void hash_rows(ulong rows_handle, __global ulong *hashes, int pitch) {
  const int y = get_global_id(1) * get_global_size(0) + get_global_id(0);
  __global const uchar *rows = (__global const uchar *)rows_handle;
  hashes[y] = rows[y * pitch] >> 4;
}

__kernel void threshold(read_only image2d_t src, write_only image2d_t mask, float level) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const float luma = dot(read_imagef(src, nearest, p).xyz, (float3)(0.299f, 0.587f, 0.114f));
  write_imageui(mask, p, (uint4)(luma > level ? 255u : 0u));
}
