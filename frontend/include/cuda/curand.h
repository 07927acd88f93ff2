/* gpuverify: the host API is in curand_kernel.h. */
#include "curand_kernel.h"
