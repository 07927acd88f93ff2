//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[4,4] --cl-std=CL2.0
//Not verified: .*kernel `flatten_layers_row_only`
//Not verified: .*kernel `volume_slice_halved`
//Not verified: .*kernel `expose_half_neighbour`
//write-write race on dst\(
// As image_dimensions.cl, wrong: the layers are flattened into one pixel
// per column (every row writes it), the depth slice is written at half
// resolution (four work-items per texel), and the in-place exposure reads
// the right neighbour that another work-item writes.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__constant sampler_t clamp_nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void flatten_layers_row_only(read_only image2d_array_t layers, write_only image2d_t dst) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, (int2)(p.x, 0), read_imagef(layers, clamp_nearest, (int4)(p, 0, 0)));
}

__kernel void volume_slice_halved(read_only image3d_t vol, write_only image2d_depth_t depth, int z) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(depth, p / 2, read_imagef(vol, clamp_nearest, (int4)(p, z, 0)).x);
}

__kernel void expose_half_neighbour(read_write image2d_t img, float ev) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  half4 c = read_imageh(img, p + (int2)(1, 0));
  write_imageh(img, p, c * (half)exp2(ev));
}
