/* Configuration shared by the Rodinia-style kernels of this folder (the
 * benchmarks pass these with -D; defaults as their makefiles set them). */
#ifndef RODINIA_H
#define RODINIA_H

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 16
#endif

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)

#endif
