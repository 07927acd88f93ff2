//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=128 --kernel-args=Kernel,65536 --kernel-args=Kernel2,65536
//race on g_cost
//Verified: .*kernel `Kernel2`
// Level-synchronous BFS as the benchmark suites write it. `Kernel` is racy
// for an arbitrary graph: two frontier nodes with a common unvisited
// neighbour both write its cost (the same value only because all frontier
// nodes have the same cost, which no kernel-local reasoning can see), and a
// node's cost can be written while another thread reads it. `Kernel2`
// only writes the same value `true` to *g_over (a benign race).
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

struct Node {
  int starting;
  int no_of_edges;
};

__global__ void Kernel(Node *g_graph_nodes, int *g_graph_edges, bool *g_graph_mask, bool *g_updating_graph_mask,
                       bool *g_graph_visited, int *g_cost, int no_of_nodes) {
  int tid = blockIdx.x * 512 + threadIdx.x;
  if (tid < no_of_nodes && g_graph_mask[tid]) {
    g_graph_mask[tid] = false;
    for (int i = g_graph_nodes[tid].starting; i < (g_graph_nodes[tid].no_of_edges + g_graph_nodes[tid].starting); i++) {
      int id = g_graph_edges[i];
      if (!g_graph_visited[id]) {
        g_cost[id] = g_cost[tid] + 1;
        g_updating_graph_mask[id] = true;
      }
    }
  }
}

__global__ void Kernel2(bool *g_graph_mask, bool *g_updating_graph_mask, bool *g_graph_visited, bool *g_over,
                        int no_of_nodes) {
  int tid = blockIdx.x * 512 + threadIdx.x;
  if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
    g_graph_mask[tid] = true;
    g_graph_visited[tid] = true;
    *g_over = true;
    g_updating_graph_mask[tid] = false;
  }
}

int main(int argc, char **argv) {
  int no_of_nodes = 65536;
  Node *d_graph_nodes;
  int *d_graph_edges, *d_cost;
  bool *d_mask, *d_updating, *d_visited, *d_over;
  checkCudaErrors(cudaMalloc((void **)&d_graph_nodes, sizeof(Node) * no_of_nodes));
  checkCudaErrors(cudaMalloc((void **)&d_graph_edges, sizeof(int) * no_of_nodes * 6));
  checkCudaErrors(cudaMalloc((void **)&d_mask, sizeof(bool) * no_of_nodes));
  checkCudaErrors(cudaMalloc((void **)&d_updating, sizeof(bool) * no_of_nodes));
  checkCudaErrors(cudaMalloc((void **)&d_visited, sizeof(bool) * no_of_nodes));
  checkCudaErrors(cudaMalloc((void **)&d_cost, sizeof(int) * no_of_nodes));
  checkCudaErrors(cudaMalloc((void **)&d_over, sizeof(bool)));
  dim3 grid(no_of_nodes / 512, 1, 1), threads(512, 1, 1);
  bool stop;
  do {
    stop = false;
    cudaMemcpy(d_over, &stop, sizeof(bool), cudaMemcpyHostToDevice);
    Kernel<<<grid, threads, 0>>>(d_graph_nodes, d_graph_edges, d_mask, d_updating, d_visited, d_cost, no_of_nodes);
    Kernel2<<<grid, threads, 0>>>(d_mask, d_updating, d_visited, d_over, no_of_nodes);
    cudaMemcpy(&stop, d_over, sizeof(bool), cudaMemcpyDeviceToHost);
  } while (stop);
  printf("done\n");
  return 0;
}
