// A small OpenCL host program (tests/record.rs): loads kernels.cl, builds
// it with -D SCALE_TYPE=float, and launches scale (NULL local size),
// group_sum (__local scratch memory) and the racy shift_left.
// Usage: host KERNELS.cl
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024
#define GROUP 64

#define CHECK(call)                                                           \
  do {                                                                        \
    cl_int err_ = (call);                                                     \
    if (err_ != CL_SUCCESS) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call,    \
              err_);                                                          \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  rewind(f);
  char *text = malloc(size + 1);
  if (fread(text, 1, size, f) != (size_t)size)
    exit(1);
  text[size] = '\0';
  fclose(f);
  return text;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNELS.cl\n", argv[0]);
    return 1;
  }
  cl_int err;
  cl_platform_id platform;
  cl_device_id device;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);
  CHECK(err);

  const char *source = read_file(argv[1]);
  cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
  CHECK(err);
  if (clBuildProgram(program, 1, &device, "-D SCALE_TYPE=float", NULL, NULL) !=
      CL_SUCCESS) {
    char log[16384];
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log,
                          log, NULL);
    fprintf(stderr, "build failed:\n%s\n", log);
    return 1;
  }

  float in[N], out[N];
  int ints[N];
  for (int i = 0; i < N; i++) {
    in[i] = (float)i;
    ints[i] = i;
  }
  cl_mem in_buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 sizeof in, in, &err);
  CHECK(err);
  cl_mem out_buf =
      clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
  CHECK(err);
  cl_mem int_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                  sizeof ints, ints, &err);
  CHECK(err);
  cl_mem partial_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE,
                                      sizeof(int) * (N / GROUP), NULL, &err);
  CHECK(err);

  // scale: the runtime chooses the work-group size (local size NULL).
  cl_kernel scale = clCreateKernel(program, "scale", &err);
  CHECK(err);
  float factor = 2.5f;
  cl_uint n = N;
  CHECK(clSetKernelArg(scale, 0, sizeof(cl_mem), &out_buf));
  CHECK(clSetKernelArg(scale, 1, sizeof(cl_mem), &in_buf));
  CHECK(clSetKernelArg(scale, 2, sizeof factor, &factor));
  CHECK(clSetKernelArg(scale, 3, sizeof n, &n));
  size_t global = N;
  CHECK(clEnqueueNDRangeKernel(queue, scale, 1, NULL, &global, NULL, 0, NULL,
                               NULL));
  // The same launch again: recorded twice, verified once.
  CHECK(clEnqueueNDRangeKernel(queue, scale, 1, NULL, &global, NULL, 0, NULL,
                               NULL));

  // group_sum: __local scratch of GROUP ints.
  cl_kernel sum = clCreateKernel(program, "group_sum", &err);
  CHECK(err);
  CHECK(clSetKernelArg(sum, 0, sizeof(cl_mem), &int_buf));
  CHECK(clSetKernelArg(sum, 1, sizeof(cl_mem), &partial_buf));
  CHECK(clSetKernelArg(sum, 2, sizeof(int) * GROUP, NULL));
  size_t local = GROUP;
  CHECK(clEnqueueNDRangeKernel(queue, sum, 1, NULL, &global, &local, 0, NULL,
                               NULL));

  // shift_left: racy.
  cl_kernel shift = clCreateKernel(program, "shift_left", &err);
  CHECK(err);
  CHECK(clSetKernelArg(shift, 0, sizeof(cl_mem), &int_buf));
  CHECK(clSetKernelArg(shift, 1, sizeof n, &n));
  CHECK(clEnqueueNDRangeKernel(queue, shift, 1, NULL, &global, &local, 0, NULL,
                               NULL));

  CHECK(clEnqueueReadBuffer(queue, out_buf, CL_TRUE, 0, sizeof out, out, 0,
                            NULL, NULL));
  CHECK(clFinish(queue));
  printf("out[3] = %g\n", out[3]);

  clReleaseKernel(scale);
  clReleaseKernel(sum);
  clReleaseKernel(shift);
  clReleaseMemObject(in_buf);
  clReleaseMemObject(out_buf);
  clReleaseMemObject(int_buf);
  clReleaseMemObject(partial_buf);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
  return 0;
}
