/* gpuverify: the subset of cooperative groups the verifier models,
 * written from the CUDA C++ Programming Guide.
 * - thread_block: sync() is __syncthreads(); thread_rank(), size(),
 *   group_index(), thread_index() are exact.
 * - thread_block_tile<N> (tiled_partition<N>): thread_rank() and size()
 *   exact; sync() is a warp-level barrier, which orders nothing for the
 *   verifier (like __syncwarp); shuffles, votes and reductions return
 *   arbitrary values.
 * - grid_group (this_grid()): sync() is modelled as a block barrier only,
 *   so accesses of different blocks around it are still race-checked
 *   (false alarms possible, no missed race).
 * - coalesced_threads(): size and rank arbitrary.
 * Other functions are declared without a body: arbitrary results. */
#ifndef GPUVERIFY_COOPERATIVE_GROUPS_H
#define GPUVERIFY_COOPERATIVE_GROUPS_H

namespace cooperative_groups {
namespace __gv {
static __device__ __forceinline__ unsigned int linear_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
static __device__ __forceinline__ unsigned int block_threads() {
  return blockDim.x * blockDim.y * blockDim.z; }
}

class thread_group {
public:
  unsigned int __rank, __size;
  __device__ unsigned int thread_rank() const { return __rank; }
  __device__ unsigned int size() const { return __size; }
  __device__ unsigned int num_threads() const { return __size; }
  __device__ void sync() const { __syncthreads(); }
};

class thread_block {
public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const { return __gv::linear_tid(); }
  __device__ unsigned int size() const { return __gv::block_threads(); }
  __device__ unsigned int num_threads() const { return __gv::block_threads(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return group_dim(); }
  __device__ operator thread_group() const {
    thread_group g; g.__rank = thread_rank(); g.__size = size(); return g; }
};
static __device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

class grid_group {
public:
  __device__ void sync() const { __syncthreads(); }
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
  __device__ void sync() const { __syncwarp(); }
  __device__ unsigned int thread_rank() const { return __gv::linear_tid() % N; }
  __device__ unsigned int size() const { return N; }
  __device__ unsigned int num_threads() const { return N; }
  __device__ unsigned int meta_group_rank() const { return __gv::linear_tid() / N; }
  __device__ unsigned int meta_group_size() const { return (__gv::block_threads() + N - 1) / N; }
  template <class T> __device__ T shfl(T v, int src) const { return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_down(T v, unsigned int d) const {
    return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_up(T v, unsigned int d) const {
    return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_xor(T v, unsigned int m) const {
    return __gpuverify_arbitrary<T>(); }
  __device__ int any(int p) const { return __gpuverify_arbitrary<int>() != 0; }
  __device__ int all(int p) const { return __gpuverify_arbitrary<int>() != 0; }
  __device__ unsigned int ballot(int p) const { return __gpuverify_arbitrary<unsigned int>(); }
  template <class T> __device__ unsigned int match_any(T v) const {
    return __gpuverify_arbitrary<unsigned int>(); }
  __device__ operator thread_group() const {
    thread_group g; g.__rank = thread_rank(); g.__size = N; return g; }
};
template <unsigned int N, class Parent>
static __device__ __forceinline__ thread_block_tile<N> tiled_partition(const Parent &) {
  return thread_block_tile<N>(); }
static __device__ __forceinline__ thread_group tiled_partition(const thread_block &, unsigned int n) {
  thread_group g; g.__rank = __gv::linear_tid() % n; g.__size = n; return g; }

class coalesced_group : public thread_group {
public:
  template <class T> __device__ T shfl(T v, int src) const { return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_down(T v, unsigned int d) const {
    return __gpuverify_arbitrary<T>(); }
  template <class T> __device__ T shfl_up(T v, unsigned int d) const {
    return __gpuverify_arbitrary<T>(); }
  __device__ unsigned int ballot(int p) const { return __gpuverify_arbitrary<unsigned int>(); }
  __device__ void sync() const { __syncwarp(); }
};
static __device__ __forceinline__ coalesced_group coalesced_threads() {
  coalesced_group g;
  g.__rank = __gpuverify_arbitrary<unsigned int>();
  g.__size = __gpuverify_arbitrary<unsigned int>();
  return g; }

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
template <class G, class T, class Op>
static __device__ __forceinline__ T reduce(const G &g, T v, Op op) {
  return __gpuverify_arbitrary<T>(); }
template <class G, class T, class Op>
static __device__ __forceinline__ T inclusive_scan(const G &g, T v, Op op) {
  return __gpuverify_arbitrary<T>(); }
template <class G, class T, class Op>
static __device__ __forceinline__ T exclusive_scan(const G &g, T v, Op op) {
  return __gpuverify_arbitrary<T>(); }
} // namespace cooperative_groups

#endif
