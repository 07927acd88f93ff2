/* Host side of SobelFilter.cl (not verified: the kernels are; kept beside
 * them as the SDK sample does, for the launch sizes the headers state). */
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define WIDTH 512
#define HEIGHT 512

int run_sobel(cl_context ctx, cl_command_queue q, cl_program prog, cl_mem in, cl_mem out) {
  cl_int err;
  cl_kernel k = clCreateKernel(prog, "sobel_filter_local", &err);
  if (err != CL_SUCCESS)
    return err;
  clSetKernelArg(k, 0, sizeof(cl_mem), &in);
  clSetKernelArg(k, 1, sizeof(cl_mem), &out);
  size_t global[2] = {WIDTH, HEIGHT}, local[2] = {16, 16};
  err = clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, NULL);
  clFinish(q);
  clReleaseKernel(k);
  (void)ctx;
  return err;
}
