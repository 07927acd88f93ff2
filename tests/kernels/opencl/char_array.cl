//pass
//--local_size=64 --num_groups=2
__kernel void char_array(__global uchar *img) {
  int i = get_global_id(0);
  img[i] = 255 - img[i];
}
