/* gpuverify: the subset of cooperative groups the verifier models,
 * written from the CUDA C++ Programming Guide.
 * - thread_block: sync() is __syncthreads(); thread_rank(), size(),
 *   group_index(), thread_index() are exact.
 * - thread_block_tile<N> (tiled_partition<N>, N <= 32): thread_rank() and
 *   size() exact; sync() is __syncwarp over the tile's lanes (a warp-level
 *   barrier); shfl/shfl_up/shfl_down/shfl_xor are the warp shuffles of
 *   width N; any/all/ballot/match_any return arbitrary values.
 * - grid_group (this_grid()): sync() is a grid-wide barrier, which orders
 *   the accesses of all blocks; it assumes a cooperative (co-resident)
 *   launch, and the report says so.
 * - reduce/inclusive_scan/exclusive_scan over a thread_block_tile: the
 *   tile's shuffles (exact under --warp-sync; reduce's result is rank 0's,
 *   broadcast, so uniform across the tile); over other groups arbitrary.
 * - Not modelled, refused with exit 4 naming the call: coalesced_threads(),
 *   memcpy_async, this_multi_grid(), this_cluster(), labeled_partition,
 *   binary_partition, invoke_one,
 *   the run-time tiled_partition(group, n), tiles of more than 32 threads.
 * Anything else is not declared here (clang reports it). */
#ifndef GPUVERIFY_COOPERATIVE_GROUPS_H
#define GPUVERIFY_COOPERATIVE_GROUPS_H

namespace cooperative_groups {
namespace __gv {
static __device__ __forceinline__ unsigned int linear_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
static __device__ __forceinline__ unsigned int block_threads() {
  return blockDim.x * blockDim.y * blockDim.z; }
/* The lanes of this thread's tile of n threads (n a power of two <= 32). */
static __device__ __forceinline__ unsigned int tile_mask(unsigned int n) {
  unsigned int lane = __gpuverify_warp_lane() % 32u;
  return n >= 32u ? 0xffffffffu : ((1u << n) - 1u) << (lane & ~(n - 1u)); }
}
extern "C" __device__ void __gpuverify_grid_sync(void);
extern "C" __device__ void __gpuverify_unsupported_cg_coalesced_threads(void);
extern "C" __device__ void __gpuverify_unsupported_cg_tiled_partition_runtime_size(void);
extern "C" __device__ void __gpuverify_unsupported_cg_thread_block_tile_over_32(void);

class thread_group {
public:
  /* __tile: 0 for a whole block, else the tile size (<= 32). */
  unsigned int __rank, __size, __tile;
  __device__ unsigned int thread_rank() const { return __rank; }
  __device__ unsigned int size() const { return __size; }
  __device__ unsigned int num_threads() const { return __size; }
  __device__ __forceinline__ void sync() const {
    if (__tile == 0) __syncthreads(); else __syncwarp(__gv::tile_mask(__tile)); }
};

class thread_block {
public:
  __device__ __forceinline__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const { return __gv::linear_tid(); }
  __device__ unsigned int size() const { return __gv::block_threads(); }
  __device__ unsigned int num_threads() const { return __gv::block_threads(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return group_dim(); }
  __device__ operator thread_group() const {
    thread_group g; g.__rank = thread_rank(); g.__size = size(); g.__tile = 0; return g; }
};
static __device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

class grid_group {
public:
  __device__ __forceinline__ void sync() const { __gpuverify_grid_sync(); }
  __device__ unsigned long long thread_rank() const {
    return (unsigned long long)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) *
               __gv::block_threads() + __gv::linear_tid(); }
  __device__ unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * __gv::block_threads(); }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ bool is_valid() const { return true; }
  __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
};
static __device__ __forceinline__ grid_group this_grid() { return grid_group(); }

template <unsigned int N> class thread_block_tile {
public:
  __device__ __forceinline__ void sync() const {
    if (N > 32) __gpuverify_unsupported_cg_thread_block_tile_over_32();
    __syncwarp(__gv::tile_mask(N)); }
  __device__ unsigned int thread_rank() const { return __gv::linear_tid() % N; }
  __device__ unsigned int size() const { return N; }
  __device__ unsigned int num_threads() const { return N; }
  __device__ unsigned int meta_group_rank() const { return __gv::linear_tid() / N; }
  __device__ unsigned int meta_group_size() const { return (__gv::block_threads() + N - 1) / N; }
  template <class T> __device__ T shfl(T v, int src) const {
    return __shfl_sync(__gv::tile_mask(N), v, src, N); }
  template <class T> __device__ T shfl_down(T v, unsigned int d) const {
    return __shfl_down_sync(__gv::tile_mask(N), v, d, N); }
  template <class T> __device__ T shfl_up(T v, unsigned int d) const {
    return __shfl_up_sync(__gv::tile_mask(N), v, d, N); }
  template <class T> __device__ T shfl_xor(T v, unsigned int m) const {
    return __shfl_xor_sync(__gv::tile_mask(N), v, (int)m, N); }
  __device__ int any(int p) const { return __gpuverify_arbitrary<int>() != 0; }
  __device__ int all(int p) const { return __gpuverify_arbitrary<int>() != 0; }
  __device__ unsigned int ballot(int p) const { return __gpuverify_arbitrary<unsigned int>(); }
  template <class T> __device__ unsigned int match_any(T v) const {
    return __gpuverify_arbitrary<unsigned int>(); }
  __device__ operator thread_group() const {
    thread_group g; g.__rank = thread_rank(); g.__size = N; g.__tile = N; return g; }
};
template <unsigned int N, class Parent>
static __device__ __forceinline__ thread_block_tile<N> tiled_partition(const Parent &) {
  return thread_block_tile<N>(); }
static __device__ __forceinline__ thread_group tiled_partition(const thread_block &, unsigned int n) {
  __gpuverify_unsupported_cg_tiled_partition_runtime_size();
  thread_group g; g.__rank = __gv::linear_tid() % n; g.__size = n; g.__tile = n; return g; }

class coalesced_group : public thread_group {
public:
  template <class T> __device__ T shfl(T v, int src) const { return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_down(T v, unsigned int d) const {
    return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_up(T v, unsigned int d) const {
    return __gpuverify_arbitrary<T>(); }
  __device__ unsigned int ballot(int p) const { return __gpuverify_arbitrary<unsigned int>(); }
};
/* The active threads' group depends on the run-time active mask: refused. */
static __device__ __forceinline__ coalesced_group coalesced_threads() {
  __gpuverify_unsupported_cg_coalesced_threads();
  coalesced_group g;
  g.__rank = __gpuverify_arbitrary<unsigned int>();
  g.__size = __gpuverify_arbitrary<unsigned int>();
  g.__tile = 32;
  return g; }

/* Declared so a file using them compiles and the call is refused (exit 4)
 * naming it: multi-device grids, clusters, run-time partitions. */
extern "C" __device__ void __gpuverify_unsupported_cg_this_multi_grid(void);
extern "C" __device__ void __gpuverify_unsupported_cg_this_cluster(void);
extern "C" __device__ void __gpuverify_unsupported_cg_labeled_partition(void);
extern "C" __device__ void __gpuverify_unsupported_cg_binary_partition(void);
extern "C" __device__ void __gpuverify_unsupported_cg_invoke_one(void);
class multi_grid_group {
public:
  __device__ void sync() const {}
  __device__ unsigned long long thread_rank() const {
    return __gpuverify_arbitrary<unsigned long long>(); }
  __device__ unsigned long long size() const { return __gpuverify_arbitrary<unsigned long long>(); }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned int grid_rank() const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ unsigned int num_grids() const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ bool is_valid() const { return true; }
};
static __device__ __forceinline__ multi_grid_group this_multi_grid() {
  __gpuverify_unsupported_cg_this_multi_grid();
  return multi_grid_group(); }
class cluster_group {
public:
  __device__ void sync() const {}
  __device__ unsigned int thread_rank() const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ unsigned int block_rank() const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ unsigned int num_blocks() const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ unsigned int num_threads() const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ unsigned int size() const { return num_threads(); }
  template <class T> __device__ T *map_shared_rank(T *p, unsigned int) const { return p; }
};
static __device__ __forceinline__ cluster_group this_cluster() {
  __gpuverify_unsupported_cg_this_cluster();
  return cluster_group(); }
template <class G>
static __device__ __forceinline__ coalesced_group labeled_partition(const G &, int) {
  __gpuverify_unsupported_cg_labeled_partition();
  return coalesced_group(); }
template <class G>
static __device__ __forceinline__ coalesced_group binary_partition(const G &, bool) {
  __gpuverify_unsupported_cg_binary_partition();
  return coalesced_group(); }
template <class G, class F, class... A>
static __device__ __forceinline__ void invoke_one(const G &, F &&, A &&...) {
  __gpuverify_unsupported_cg_invoke_one(); }

template <class G> static __device__ __forceinline__ void sync(const G &g) { g.sync(); }
template <class G> static __device__ __forceinline__ unsigned long long thread_rank(const G &g) {
  return g.thread_rank(); }

/* cooperative_groups/reduce.h */
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater {
  __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };
/* Over other groups (coalesced_group): arbitrary results. */
template <class G, class T, class Op>
static __device__ __forceinline__ T reduce(const G &g, T v, Op op) {
  return __gpuverify_arbitrary<T>(); }
template <class G, class T, class Op>
static __device__ __forceinline__ T inclusive_scan(const G &g, T v, Op op) {
  return __gpuverify_arbitrary<T>(); }
template <class G, class T, class Op>
static __device__ __forceinline__ T exclusive_scan(const G &g, T v, Op op) {
  return __gpuverify_arbitrary<T>(); }
/* Over a tile: the tile's own shuffles, so the results are exact under
   --warp-sync and arbitrary partner values otherwise. reduce folds down to
   rank 0 and broadcasts rank 0's value, so every rank of the tile gets the
   same result (uniform across the tile) whatever `op` is. */
template <unsigned int N, class T, class Op>
static __device__ __forceinline__ T reduce(const thread_block_tile<N> &g, T v, Op op) {
#pragma unroll
  for (unsigned int d = N / 2; d > 0; d /= 2) {
    T other = g.shfl_down(v, d);
    if (g.thread_rank() + d < N) v = op(v, other);
  }
  return g.shfl(v, 0); }
template <unsigned int N, class T, class Op>
static __device__ __forceinline__ T inclusive_scan(const thread_block_tile<N> &g, T v, Op op) {
#pragma unroll
  for (unsigned int d = 1; d < N; d *= 2) {
    T other = g.shfl_up(v, d);
    if (g.thread_rank() >= d) v = op(other, v);
  }
  return v; }
/* Rank 0's exclusive result is unspecified: arbitrary. */
template <unsigned int N, class T, class Op>
static __device__ __forceinline__ T exclusive_scan(const thread_block_tile<N> &g, T v, Op op) {
  T inc = inclusive_scan(g, v, op);
  T prev = g.shfl_up(inc, 1);
  return g.thread_rank() == 0 ? __gpuverify_arbitrary<T>() : prev; }
/* cooperative_groups/memcpy_async.h: not modelled (exit 4 naming it). */
extern "C" __device__ void __gpuverify_unsupported_cg_memcpy_async(void);
template <class G, class... A>
static __device__ __forceinline__ void memcpy_async(const G &, A...) {
  __gpuverify_unsupported_cg_memcpy_async(); }
template <class G> static __device__ __forceinline__ void wait(const G &g) { g.sync(); }
} // namespace cooperative_groups

#endif
