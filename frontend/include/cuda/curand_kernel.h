/* gpuverify: the cuRAND device API (curand_kernel.h) and the host API
 * (curand.h), written from the cuRAND documentation. Generators are
 * declared without bodies: each call reads and writes the state its
 * pointer argument names (so two threads sharing one state race) and
 * returns an arbitrary number. */
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

#define __GV_CURAND(S)                                                        \
  __device__ void curand_init(unsigned long long seed, unsigned long long sub, \
                              unsigned long long offset, S *state);           \
  __device__ unsigned int curand(S *state);                                   \
  __device__ float curand_uniform(S *state);                                  \
  __device__ double curand_uniform_double(S *state);                          \
  __device__ float curand_normal(S *state);                                   \
  __device__ double curand_normal_double(S *state);                           \
  __device__ float2 curand_normal2(S *state);                                 \
  __device__ double2 curand_normal2_double(S *state);                         \
  __device__ float curand_log_normal(S *state, float mean, float stddev);     \
  __device__ double curand_log_normal_double(S *state, double mean, double stddev); \
  __device__ unsigned int curand_poisson(S *state, double lambda);            \
  __device__ void skipahead(unsigned long long n, S *state);                  \
  __device__ void skipahead_sequence(unsigned long long n, S *state);
__GV_CURAND(curandStateXORWOW) __GV_CURAND(curandStatePhilox4_32_10)
__GV_CURAND(curandStateMRG32k3a)
#undef __GV_CURAND
__device__ uint4 curand4(curandStatePhilox4_32_10 *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10 *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10 *state);
__device__ void curand_init(unsigned int *direction_vectors, unsigned int offset,
                            curandStateSobol32 *state);
__device__ unsigned int curand(curandStateSobol32 *state);
__device__ float curand_uniform(curandStateSobol32 *state);

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
