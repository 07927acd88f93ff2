//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[40,30] --kernel-args=downsample_wrong,dst=320x240,src=640x480
//race on dst
// A 2x downsample written at the source coordinate halved: four
// work-items write every destination pixel (different values).
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void downsample_wrong(__write_only image2d_t dst, __read_only image2d_t src) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(src, smp, p);
  write_imagef(dst, p / 2, c);
}
