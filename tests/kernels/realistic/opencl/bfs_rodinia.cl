//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=256 --kernel-args=BFS_1,65536
//race on g_cost
// The BFS expansion kernel of the benchmark suites: racy for an arbitrary
// graph (two frontier nodes sharing an unvisited neighbour both write its
// cost; a node's cost is read while another work-item writes it).
typedef struct {
  int starting;
  int no_of_edges;
} Node;

__kernel void BFS_1(const __global Node *g_graph_nodes, const __global int *g_graph_edges, __global char *g_graph_mask,
                    __global char *g_updating_graph_mask, __global char *g_graph_visited, __global int *g_cost,
                    const int no_of_nodes) {
  int tid = get_global_id(0);
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
