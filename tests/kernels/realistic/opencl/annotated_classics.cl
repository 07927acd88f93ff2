//pass
//--local_size=128 --num_groups=32 --kernel-args=matmul_tiled,256,256
// Classic kernels as GPUVerify users annotate them: preconditions on the
// launch and the scalar arguments (__requires), loop invariants on the
// loop counters (__invariant, __global_invariant for the uniform ones).
// One program, several kernels, as in an SDK sample's .cl file.
#define N 256          /* elements scanned / sorted per work group */
#define BINS 64
#define TILE 16

// Work-efficient exclusive scan (Blelloch) of N = 2 * local size elements.
__kernel void scan_blelloch(__global float *out, __global const float *in, __local float *temp) {
  __requires(get_local_size(0) == N / 2);
  int t = get_local_id(0);
  int base = get_group_id(0) * N;
  int offset = 1;
  temp[2 * t] = in[base + 2 * t];
  temp[2 * t + 1] = in[base + 2 * t + 1];
  for (int d = N >> 1;
       __global_invariant(__is_pow2(offset)),
       __global_invariant(__implies(d > 0, offset * 2 * d == N)),
       __global_invariant(__implies(d == 0, offset == N)),
       __invariant(__implies(__write(temp) | __read(temp), t < 2 * d | (d == 0 & t == 0))),
       d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (t == 0)
    temp[N - 1] = 0;
  for (int d = 1;
       __global_invariant(__is_pow2(d)),
       __global_invariant(offset * d == N),
       __invariant(__implies(__write(temp) | __read(temp), 2 * t < d | t == 0)),
       d < N; d *= 2) {
    offset >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      float v = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += v;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + 2 * t] = temp[2 * t];
  out[base + 2 * t + 1] = temp[2 * t + 1];
}

// Per-group histogram in local memory with atomics, then one partial
// histogram per group.
__kernel void histogram_local(__global const uchar *data, __global uint *partial, uint n) {
  __requires(n == 4096);
  __local uint bins[BINS];
  int t = get_local_id(0);
  int lsize = get_local_size(0);
  for (int b = t; __invariant(b % lsize == t), b < BINS; b += lsize)
    bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&bins[data[i] % BINS]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = t; __invariant(b % lsize == t), b < BINS; b += lsize)
    partial[get_group_id(0) * BINS + b] = bins[b];
}

// Bitonic sort of N keys in local memory, one group per block of keys.
__kernel void bitonic_sort_local(__global uint *keys, __local uint *l) {
  __requires(get_local_size(0) == N / 2);
  int t = get_local_id(0);
  int base = get_group_id(0) * N;
  l[t] = keys[base + t];
  l[t + N / 2] = keys[base + t + N / 2];
  for (uint size = 2; __global_invariant(__is_pow2(size)), size <= N; size <<= 1) {
    for (uint stride = size / 2;
         __global_invariant(__is_pow2(stride) | stride == 0),
         __global_invariant(stride < size),
         stride > 0; stride >>= 1) {
      barrier(CLK_LOCAL_MEM_FENCE);
      uint pos = 2 * t - (t & (stride - 1));
      bool up = ((t & (size / 2)) == 0) | (size == N);
      uint a = l[pos], b = l[pos + stride];
      if ((a > b) == up) {
        l[pos] = b;
        l[pos + stride] = a;
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  keys[base + t] = l[t];
  keys[base + t + N / 2] = l[t + N / 2];
}

// Tiled matrix multiply C = A * B (row-major), one TILE x TILE tile of C
// per group of TILE * TILE / 2 work items... launched as 2-D groups of
// TILE x TILE in the CUDA version; here each work item computes one
// element of a TILE-wide row strip.
__kernel void matmul_tiled(__global float *C, __global const float *A, __global const float *B,
                           int wA, int wB) {
  __requires(wA == 256);
  __requires(wB == 256);
  __local float As[128];
  int t = get_local_id(0);
  int row = get_group_id(0);
  float acc = 0.0f;
  for (int k0 = 0;
       __global_invariant(k0 % 128 == 0),
       __invariant(k0 >= 0 & k0 <= wA),
       k0 < wA; k0 += 128) {
    As[t] = A[row * wA + k0 + t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; __invariant(k >= 0 & k <= 128), k < 128; k++)
      acc += As[k] * B[(k0 + k) * wB + t];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * wB + t] = acc;
  C[row * wB + t + 128] = 0.0f;
}
