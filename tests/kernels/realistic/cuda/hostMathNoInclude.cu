//pass
//--blockDim=256 --gridDim=16
// Signal normalisation in the SDK-sample style: the .cu file includes only
// <cuda_runtime.h> (as samples do through their helper headers) and its host
// code still calls sqrt, fabs, exp, rand, malloc and printf, which nvcc's
// runtime header declares for host code.
#include <cuda_runtime.h>

#define N (256 * 16)

__global__ void normalizeSignal(float *out, const float *in, float invNorm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i] * invNorm;
    out[i] = copysignf(sqrtf(fabsf(v)), v) * __expf(-fabsf(v));
  }
}

static double hostNorm(const float *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += (double)x[i] * x[i];
  return sqrt(s);
}

int main(int argc, char **argv) {
  float *h_in = (float *)malloc(N * sizeof(float));
  float *h_out = (float *)malloc(N * sizeof(float));
  srand(2024);
  for (int i = 0; i < N; ++i) h_in[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  double norm = hostNorm(h_in, N);
  float *d_in, *d_out;
  cudaMalloc((void **)&d_in, N * sizeof(float));
  cudaMalloc((void **)&d_out, N * sizeof(float));
  cudaMemcpy(d_in, h_in, N * sizeof(float), cudaMemcpyHostToDevice);
  normalizeSignal<<<N / 256, 256>>>(d_out, d_in, (float)(1.0 / norm), N);
  cudaMemcpy(h_out, d_out, N * sizeof(float), cudaMemcpyDeviceToHost);
  double maxErr = 0.0;
  for (int i = 0; i < N; ++i) {
    double v = h_in[i] / norm;
    double ref = copysign(sqrt(fabs(v)), v) * exp(-fabs(v));
    maxErr = fmax(maxErr, fabs(ref - h_out[i]));
  }
  printf("max error %e\n", maxErr);
  cudaFree(d_in);
  cudaFree(d_out);
  free(h_in);
  free(h_out);
  if (maxErr > 1e-5) exit(EXIT_FAILURE);
  return 0;
}
