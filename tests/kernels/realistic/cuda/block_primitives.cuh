// Block-level primitives in the CUB style: a warp scan by __shfl_up_sync,
// a block scan over the warps' totals through shared temp storage, and a
// block reduction, all templates on the thread count.
#ifndef BLOCK_PRIMITIVES_CUH
#define BLOCK_PRIMITIVES_CUH
#include <cuda_runtime.h>

namespace blockprim {

constexpr int WARP_THREADS = 32;

template <typename T> struct Sum {
  __device__ __forceinline__ T operator()(const T &a, const T &b) const { return a + b; }
};

template <typename T> struct WarpScan {
  // Inclusive scan across the 32 lanes of the calling warp.
  template <typename Op> __device__ __forceinline__ T InclusiveScan(T input, Op op) {
    const unsigned lane = threadIdx.x % WARP_THREADS;
#pragma unroll
    for (int offset = 1; offset < WARP_THREADS; offset <<= 1) {
      T other = __shfl_up_sync(0xffffffffu, input, offset);
      if (lane >= offset) input = op(input, other);
    }
    return input;
  }
};

template <typename T, int BLOCK_THREADS> struct BlockScan {
  static constexpr int WARPS = BLOCK_THREADS / WARP_THREADS;
  struct TempStorage {
    T warp_aggregates[WARPS];
  };
  TempStorage &temp;
  __device__ __forceinline__ explicit BlockScan(TempStorage &t) : temp(t) {}

  template <typename Op>
  __device__ __forceinline__ void ExclusiveScan(T input, T &output, T identity, Op op) {
    const unsigned warp = threadIdx.x / WARP_THREADS;
    const unsigned lane = threadIdx.x % WARP_THREADS;
    T inclusive = WarpScan<T>().InclusiveScan(input, op);
    if (lane == WARP_THREADS - 1) temp.warp_aggregates[warp] = inclusive;
    __syncthreads();
    T prefix = identity;
    for (unsigned w = 0; w < warp; ++w) prefix = op(prefix, temp.warp_aggregates[w]);
    T exclusive = __shfl_up_sync(0xffffffffu, inclusive, 1);
    output = op(prefix, lane == 0 ? identity : exclusive);
  }
};

template <typename T, int BLOCK_THREADS> struct BlockReduce {
  static constexpr int WARPS = BLOCK_THREADS / WARP_THREADS;
  struct TempStorage {
    T partials[WARPS];
  };
  TempStorage &temp;
  __device__ __forceinline__ explicit BlockReduce(TempStorage &t) : temp(t) {}

  // The block's sum, valid in thread 0.
  __device__ __forceinline__ T Sum(T input) {
    for (int offset = WARP_THREADS / 2; offset > 0; offset >>= 1)
      input += __shfl_down_sync(0xffffffffu, input, offset);
    if (threadIdx.x % WARP_THREADS == 0) temp.partials[threadIdx.x / WARP_THREADS] = input;
    __syncthreads();
    T total = input;
    if (threadIdx.x == 0)
      for (int w = 1; w < WARPS; ++w) total += temp.partials[w];
    return total;
  }
};

}  // namespace blockprim
#endif
