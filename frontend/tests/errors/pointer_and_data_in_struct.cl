// expect: 4 holds pointers next to other data outside private memory
// A private struct with a pointer and an int is modelled (a byte-level map
// of offsets and bases); the same struct in __local memory, written by one
// work item and read by the others, is still refused.
typedef struct { __global int *p; int n; } View;
__kernel void pointer_and_data_in_struct(__global int *a, int n) {
  __local View v;
  if (get_local_id(0) == 0) {
    v.p = a;
    v.n = n;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  v.p[get_global_id(0) % v.n] = 1;
}
