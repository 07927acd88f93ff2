//pass
//--blockDim=[16,8] --gridDim=[192,48] --kernel=convolutionColumnsKernel
// The column pass of the separable convolution (same source file as the
// row pass, launched with its own block shape).
#include "convolutionSeparable.cu"
