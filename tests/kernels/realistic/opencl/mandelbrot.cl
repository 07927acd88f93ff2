//pass
//--local_size=[16,16] --num_groups=[64,48] -DMAX_ITER=256 --kernel-args=mandelbrot,1024,*,*,*
// Mandelbrot and a vector add configured with -D, as small demo programs
// build them (options given to clBuildProgram).
#ifndef MAX_ITER
#define MAX_ITER 100
#endif
#ifndef TYPE
#define TYPE float
#endif

__kernel void mandelbrot(__global uchar4 *out, int width, float x0, float y0, float step) {
  int px = get_global_id(0), py = get_global_id(1);
  float cr = x0 + px * step, ci = y0 + py * step;
  float zr = 0.0f, zi = 0.0f;
  int it = 0;
  while (it < MAX_ITER && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    it++;
  }
  uchar c = (uchar)(255 * it / MAX_ITER);
  out[py * width + px] = (uchar4)(c, c, c, 255);
}

__kernel void vadd(__global const TYPE *a, __global const TYPE *b, __global TYPE *c, const unsigned int count) {
  size_t i = get_global_id(0) + get_global_id(1) * get_global_size(0);
  if (i < count) c[i] = a[i] + b[i];
}
