/* gpuverify's <cuComplex.h>: single- and double-precision complex numbers
 * as CUDA's float2/double2 (x the real part, y the imaginary part), with
 * the construction, access and arithmetic functions of the CUDA Math API.
 * Written for the verifier from the documented behaviour; float arithmetic
 * is uninterpreted by the verifier, so only the data flow matters. */
#ifndef GPUVERIFY_CUCOMPLEX_H
#define GPUVERIFY_CUCOMPLEX_H

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__GV_HD float cuCrealf(cuFloatComplex z) { return z.x; }
__GV_HD float cuCimagf(cuFloatComplex z) { return z.y; }
__GV_HD cuFloatComplex make_cuFloatComplex(float re, float im) {
  cuFloatComplex z; z.x = re; z.y = im; return z; }
__GV_HD cuFloatComplex make_cuComplex(float re, float im) {
  return make_cuFloatComplex(re, im); }
__GV_HD cuFloatComplex cuConjf(cuFloatComplex z) {
  return make_cuFloatComplex(z.x, -z.y); }
__GV_HD cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) {
  return make_cuFloatComplex(a.x + b.x, a.y + b.y); }
__GV_HD cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) {
  return make_cuFloatComplex(a.x - b.x, a.y - b.y); }
__GV_HD cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
  return make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
__GV_HD cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
  float d = b.x * b.x + b.y * b.y;
  return make_cuFloatComplex((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d); }
__GV_HD float cuCabsf(cuFloatComplex z) { return sqrtf(z.x * z.x + z.y * z.y); }
__GV_HD cuFloatComplex cuCfmaf(cuFloatComplex a, cuFloatComplex b, cuFloatComplex c) {
  return cuCaddf(cuCmulf(a, b), c); }

__GV_HD double cuCreal(cuDoubleComplex z) { return z.x; }
__GV_HD double cuCimag(cuDoubleComplex z) { return z.y; }
__GV_HD cuDoubleComplex make_cuDoubleComplex(double re, double im) {
  cuDoubleComplex z; z.x = re; z.y = im; return z; }
__GV_HD cuDoubleComplex cuConj(cuDoubleComplex z) {
  return make_cuDoubleComplex(z.x, -z.y); }
__GV_HD cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) {
  return make_cuDoubleComplex(a.x + b.x, a.y + b.y); }
__GV_HD cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) {
  return make_cuDoubleComplex(a.x - b.x, a.y - b.y); }
__GV_HD cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
  return make_cuDoubleComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
__GV_HD cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
  double d = b.x * b.x + b.y * b.y;
  return make_cuDoubleComplex((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d); }
__GV_HD double cuCabs(cuDoubleComplex z) { return sqrt(z.x * z.x + z.y * z.y); }
__GV_HD cuDoubleComplex cuCfma(cuDoubleComplex a, cuDoubleComplex b, cuDoubleComplex c) {
  return cuCadd(cuCmul(a, b), c); }

__GV_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) {
  return make_cuDoubleComplex((double)z.x, (double)z.y); }
__GV_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  return make_cuFloatComplex((float)z.x, (float)z.y); }

#endif
