//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-write race on out\[
//possible null pointer access
// One target of each dispatch writes an element another thread also
// writes (a race when that target is chosen); a table of operations in
// writable __device__ memory may hold anything the host stored there (a
// call through it may reach no function).
#include <cuda_runtime.h>

typedef void (*store_t)(float *, int, float);

__device__ void store_here(float *out, int i, float v) { out[i] = v; }
__device__ void store_half(float *out, int i, float v) { out[i / 2] = v; }

__global__ void store_table(float *out, const float *in, unsigned which) {
    const store_t stores[] = {store_here, store_half};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    stores[which & 1](out, i, in[i]);
}

struct Sink {
    __device__ virtual void put(float *out, int i, float v) const = 0;
};
struct Own : Sink {
    __device__ void put(float *out, int i, float v) const override { out[i] = v; }
};
struct First : Sink {
    __device__ void put(float *out, int i, float v) const override { out[0] = v; }
};

__global__ void sink_functor(float *out, const float *in, bool first) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Own o;
    First f;
    const Sink *s = first ? static_cast<const Sink *>(&f) : static_cast<const Sink *>(&o);
    s->put(out, i, in[i]);
}

typedef float (*op_t)(float);
__device__ float twice(float x) { return 2.0f * x; }
__device__ float square(float x) { return x * x; }
__device__ op_t d_ops[] = {twice, square};

__global__ void apply_device_table(float *out, const float *in, unsigned which) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = d_ops[which & 1](in[i]);
}
