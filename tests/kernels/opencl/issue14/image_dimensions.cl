//pass
//--local_size=[8,8] --num_groups=[4,4] --cl-std=CL2.0
// Volume and layered-image filters as an image-processing library writes
// them: program-scope samplers, every image dimensionality (1D buffer,
// 1D/2D arrays, 3D, depth), the size and format queries, half texels and
// a read_write image updated in place.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__constant sampler_t clamp_nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t repeat_linear =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

#define PIXEL() ((int2)(get_global_id(0), get_global_id(1)))

// Averages the layers of a 2D array into a plain image.
__kernel void flatten_layers(read_only image2d_array_t layers, write_only image2d_t dst) {
  const int2 p = PIXEL();
  const int n = (int)get_image_array_size(layers);
  float4 sum = (float4)(0.0f);
  for (int l = 0; l < n; ++l)
    sum += read_imagef(layers, clamp_nearest, (int4)(p, l, 0));
  write_imagef(dst, p, sum / (float)max(n, 1));
}

// Takes one z slice of a volume, normalised by the volume's extent.
__kernel void volume_slice(read_only image3d_t vol, write_only image2d_depth_t depth, int z) {
  const int2 p = PIXEL();
  const int4 dim = get_image_dim(vol);
  const float4 uvw = (float4)((p.x + 0.5f) / dim.x, (p.y + 0.5f) / dim.y,
                              (z + 0.5f) / get_image_depth(vol), 0.0f);
  write_imagef(depth, p, read_imagef(vol, repeat_linear, uvw).x);
}

// A lookup table in a 1D buffer image, applied to the rows of a 1D array.
__kernel void apply_lut(read_only image1d_buffer_t lut, read_only image1d_array_t rows,
                        write_only image1d_array_t out) {
  const int2 p = PIXEL();
  const uint4 v = read_imageui(rows, clamp_nearest, p);
  const int w = get_image_width(lut);
  write_imageui(out, p, read_imageui(lut, (int)min(v.x, (uint)(w - 1))));
}

// Half-precision exposure in place; the format queries pick the scale.
__kernel void expose_half(read_write image2d_t img, read_only image2d_array_depth_t mask,
                          float ev) {
  const int2 p = PIXEL();
  half4 c = read_imageh(img, p);
  const float m = read_imagef(mask, clamp_nearest, (int4)(p, 0, 0));
  const int fmt = get_image_channel_data_type(img) + get_image_channel_order(img);
  c *= (half)(exp2(ev) * m * (fmt > 0 ? 1.0f : 0.5f));
  write_imageh(img, p, c);
}
