//pass
//--blockDim=256 --gridDim=64
// Queue-based BFS: a frontier vertex claims each unvisited neighbour with
// atomicCAS and appends it at a slot reserved with atomicAdd on the tail.
#include <cuda_runtime.h>

__global__ void bfs_queue(const int *row_offsets, const int *col_indices, const int *frontier, int frontier_size,
                          int *next_frontier, int *next_size, int *levels, int level) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < frontier_size) {
    int v = frontier[i];
    for (int e = row_offsets[v]; e < row_offsets[v + 1]; e++) {
      int w = col_indices[e];
      if (atomicCAS(&levels[w], -1, level + 1) == -1) {
        int pos = atomicAdd(next_size, 1);
        next_frontier[pos] = w;
      }
    }
  }
}

