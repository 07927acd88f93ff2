//pass
//--local_size=256 --num_groups=256 --kernel-args=bfs_update,65536
// BFS (the benchmark suites' OpenCL port): the mask-update kernel, and a
// frontier-queue expansion claiming vertices with atomic_cmpxchg and slots
// with atomic_inc on the queue tail.
__kernel void bfs_update(__global char *g_graph_mask, __global char *g_updating_graph_mask,
                         __global char *g_graph_visited, __global char *g_over, const int no_of_nodes) {
  int tid = get_global_id(0);
  if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
    g_graph_mask[tid] = true;
    g_graph_visited[tid] = true;
    *g_over = true;
    g_updating_graph_mask[tid] = false;
  }
}

__kernel void bfs_expand_queue(__global const int *row_offsets, __global const int *columns,
                               __global const int *frontier, const int frontier_len, __global int *next_frontier,
                               __global int *next_len, __global int *dist, const int level) {
  int i = get_global_id(0);
  if (i >= frontier_len) return;
  int v = frontier[i];
  for (int e = row_offsets[v]; e < row_offsets[v + 1]; e++) {
    int w = columns[e];
    if (atomic_cmpxchg(&dist[w], -1, level + 1) == -1) {
      int slot = atomic_inc(next_len);
      next_frontier[slot] = w;
    }
  }
}
