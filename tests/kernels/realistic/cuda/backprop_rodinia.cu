//pass
//--blockDim=[16,16] --gridDim=[1,64] --kernel-args=bpnn_layerforward_CUDA,1024,16 --kernel-args=bpnn_adjust_weights_cuda,16,1024
// Back-propagation (Rodinia style): the forward pass multiplies a 16x16
// block of weights by the block's inputs in shared memory and sums each
// column with a tree over rows; the weight update writes each weight once
// and block 0's first row also updates the bias weights. Geometry from
// backprop.h-style macros; the host driver in the same file.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define BLOCK_SIZE 16
#define WIDTH 16
#define HEIGHT 16
#define LOG2_HEIGHT 4
#define ETA 0.3f
#define MOMENTUM 0.3f

__global__ void bpnn_layerforward_CUDA(float *input_cuda, float *output_hidden_cuda,
                                       float *input_hidden_cuda, float *hidden_partial_sum,
                                       int in, int hid) {
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_in = HEIGHT * by + ty + 1;

  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];

  if (tx == 0)
    input_node[ty] = input_cuda[index_in];
  __syncthreads();

  weight_matrix[ty][tx] = input_hidden_cuda[index];
  __syncthreads();

  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();

  for (int i = 1; i <= LOG2_HEIGHT; i++) {
    int power_two = 1 << i;
    if (ty % power_two == 0)
      weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
    __syncthreads();
  }

  input_hidden_cuda[index] = weight_matrix[ty][tx];
  __syncthreads();

  if (tx == 0)
    hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}

__global__ void bpnn_adjust_weights_cuda(float *delta, int hid, float *ly, int in, float *w,
                                         float *oldw) {
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_y = HEIGHT * by + ty + 1;
  int index_x = tx + 1;

  w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  __syncthreads();

  if (ty == 0 && by == 0) {
    w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
  }
}

void bpnn_train_cuda(int in, int hid) {
  int num_blocks = in / 16;
  dim3 grid(1, num_blocks);
  dim3 threads(16, 16);
  float *input_cuda, *output_hidden_cuda, *input_hidden_cuda, *hidden_partial_sum;
  float *hidden_delta_cuda, *input_prev_weights_cuda;
  cudaMalloc((void **)&input_cuda, (in + 1) * sizeof(float));
  cudaMalloc((void **)&output_hidden_cuda, (hid + 1) * sizeof(float));
  cudaMalloc((void **)&input_hidden_cuda, (in + 1) * (hid + 1) * sizeof(float));
  cudaMalloc((void **)&hidden_partial_sum, num_blocks * WIDTH * sizeof(float));
  cudaMalloc((void **)&hidden_delta_cuda, (hid + 1) * sizeof(float));
  cudaMalloc((void **)&input_prev_weights_cuda, (in + 1) * (hid + 1) * sizeof(float));
  bpnn_layerforward_CUDA<<<grid, threads>>>(input_cuda, output_hidden_cuda, input_hidden_cuda,
                                            hidden_partial_sum, in, hid);
  cudaThreadSynchronize();
  bpnn_adjust_weights_cuda<<<grid, threads>>>(hidden_delta_cuda, hid, input_cuda, in,
                                              input_hidden_cuda, input_prev_weights_cuda);
  cudaFree(input_cuda);
  cudaFree(output_hidden_cuda);
  cudaFree(input_hidden_cuda);
  cudaFree(hidden_partial_sum);
}

int main(int argc, char **argv) {
  int layer_size = 1024;
  if (argc == 2)
    layer_size = atoi(argv[1]);
  bpnn_train_cuda(layer_size, 16);
  printf("Training done\n");
  return 0;
}
