//pass
//--blockDim=[16,8] --gridDim=[192,48] --kernel=convolutionColumnsKernel --kernel-args=convolutionColumnsKernel,3072,3072,3072
// The column pass of the separable convolution (same source file as the
// row pass, launched with its own block shape).
#include "convolutionSeparable.cu"
