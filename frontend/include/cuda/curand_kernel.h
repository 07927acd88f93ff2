/* gpuverify: the cuRAND device API (curand_kernel.h) and the host API
 * (curand.h), written from the cuRAND documentation. */
#ifndef GPUVERIFY_CURAND_KERNEL_H
#define GPUVERIFY_CURAND_KERNEL_H

struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra; double boxmuller_extra_double; };
struct curandStatePhilox4_32_10 { uint4 ctr, output; uint2 key; unsigned int STATE;
  int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra;
  double boxmuller_extra_double; };
struct curandStateMRG32k3a { double s1[3], s2[3]; int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra; double boxmuller_extra_double; };
struct curandStateSobol32 { unsigned int i, x, c, direction_vectors[32]; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
typedef struct curandStateSobol32 curandStateSobol32_t;

/* Each generator call reads and writes the first word of the state (so
 * two threads using one state race, and threads with their own states do
 * not) and returns an arbitrary number. */
template <class S> static __device__ __forceinline__ unsigned int __gv_curand_step(S *state) {
  unsigned int *word = (unsigned int *)state;
  unsigned int r = *word ^ __gpuverify_arbitrary<unsigned int>();
  *word = r;
  return r;
}
#define __GV_CURAND(S)                                                        \
  static __device__ __forceinline__ void curand_init(unsigned long long seed,  \
      unsigned long long sub, unsigned long long offset, S *state) {          \
    *(unsigned int *)state = __gpuverify_arbitrary<unsigned int>(); }         \
  static __device__ __forceinline__ unsigned int curand(S *state) {           \
    return __gv_curand_step(state); }                                         \
  static __device__ __forceinline__ float curand_uniform(S *state) {          \
    __gv_curand_step(state); return __gpuverify_arbitrary<float>(); }         \
  static __device__ __forceinline__ double curand_uniform_double(S *state) {  \
    __gv_curand_step(state); return __gpuverify_arbitrary<double>(); }        \
  static __device__ __forceinline__ float curand_normal(S *state) {           \
    __gv_curand_step(state); return __gpuverify_arbitrary<float>(); }         \
  static __device__ __forceinline__ double curand_normal_double(S *state) {   \
    __gv_curand_step(state); return __gpuverify_arbitrary<double>(); }        \
  static __device__ __forceinline__ float2 curand_normal2(S *state) {         \
    __gv_curand_step(state);                                                  \
    return make_float2(__gpuverify_arbitrary<float>(), __gpuverify_arbitrary<float>()); } \
  static __device__ __forceinline__ double2 curand_normal2_double(S *state) { \
    __gv_curand_step(state);                                                  \
    return make_double2(__gpuverify_arbitrary<double>(), __gpuverify_arbitrary<double>()); } \
  static __device__ __forceinline__ float curand_log_normal(S *state, float m, float s) { \
    __gv_curand_step(state); return __gpuverify_arbitrary<float>(); }         \
  static __device__ __forceinline__ double curand_log_normal_double(S *state, double m, \
                                                                    double s) { \
    __gv_curand_step(state); return __gpuverify_arbitrary<double>(); }        \
  static __device__ __forceinline__ unsigned int curand_poisson(S *state, double l) { \
    return __gv_curand_step(state); }                                         \
  static __device__ __forceinline__ void skipahead(unsigned long long n, S *state) { \
    __gv_curand_step(state); }                                                \
  static __device__ __forceinline__ void skipahead_sequence(unsigned long long n, S *state) { \
    __gv_curand_step(state); }
__GV_CURAND(curandStateXORWOW) __GV_CURAND(curandStatePhilox4_32_10)
__GV_CURAND(curandStateMRG32k3a)
#undef __GV_CURAND
static __device__ __forceinline__ uint4 curand4(curandStatePhilox4_32_10 *state) {
  __gv_curand_step(state);
  return make_uint4(__gpuverify_arbitrary<unsigned int>(), __gpuverify_arbitrary<unsigned int>(),
                    __gpuverify_arbitrary<unsigned int>(), __gpuverify_arbitrary<unsigned int>()); }
static __device__ __forceinline__ float4 curand_uniform4(curandStatePhilox4_32_10 *state) {
  __gv_curand_step(state);
  return make_float4(__gpuverify_arbitrary<float>(), __gpuverify_arbitrary<float>(),
                     __gpuverify_arbitrary<float>(), __gpuverify_arbitrary<float>()); }
static __device__ __forceinline__ float4 curand_normal4(curandStatePhilox4_32_10 *state) {
  return curand_uniform4(state); }
static __device__ __forceinline__ void curand_init(unsigned int *direction_vectors,
                                                   unsigned int offset,
                                                   curandStateSobol32 *state) {
  state->i = __gpuverify_arbitrary<unsigned int>(); }
static __device__ __forceinline__ unsigned int curand(curandStateSobol32 *state) {
  return __gv_curand_step(state); }
static __device__ __forceinline__ float curand_uniform(curandStateSobol32 *state) {
  __gv_curand_step(state); return __gpuverify_arbitrary<float>(); }

/* Host API. */
typedef enum curandStatus { CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102, CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_INTERNAL_ERROR = 999 } curandStatus_t;
typedef enum curandRngType { CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121, CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161, CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201 } curandRngType_t;
typedef struct curandGenerator_st *curandGenerator_t;
#define __GV_CR extern "C" __host__ curandStatus_t
__GV_CR curandCreateGenerator(curandGenerator_t *g, curandRngType_t t);
__GV_CR curandCreateGeneratorHost(curandGenerator_t *g, curandRngType_t t);
__GV_CR curandDestroyGenerator(curandGenerator_t g);
__GV_CR curandSetPseudoRandomGeneratorSeed(curandGenerator_t g, unsigned long long seed);
__GV_CR curandSetStream(curandGenerator_t g, cudaStream_t s);
__GV_CR curandGenerate(curandGenerator_t g, unsigned int *out, size_t n);
__GV_CR curandGenerateUniform(curandGenerator_t g, float *out, size_t n);
__GV_CR curandGenerateUniformDouble(curandGenerator_t g, double *out, size_t n);
__GV_CR curandGenerateNormal(curandGenerator_t g, float *out, size_t n, float m, float s);
__GV_CR curandGenerateNormalDouble(curandGenerator_t g, double *out, size_t n, double m,
                                   double s);
#undef __GV_CR
#endif
