/* gpuverify: the old SDK name of helper_math.h. */
#include "helper_math.h"
