//pass
//--blockDim=64 --gridDim=2
// Dispatch through function pointers and virtual methods: a table of
// operations picked by a launch parameter, a pointer chosen by a flag and
// passed to a helper, and functor classes called through a base reference.
#include <cuda_runtime.h>

typedef float (*op_t)(float);

__device__ float twice(float x) { return 2.0f * x; }
__device__ float square(float x) { return x * x; }
__device__ float negate(float x) { return -x; }

__global__ void apply_table(float *out, const float *in, unsigned which) {
    const op_t ops[] = {twice, square, negate};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    op_t f = ops[which % 3];
    out[i] = f(in[i]);
}

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }

__device__ void update(int *a, int i, int (*step)(int)) { a[i] = step(a[i]); }

__global__ void step_all(int *a, bool up) {
    int (*f)(int) = up ? inc : dec;
    update(a, blockIdx.x * blockDim.x + threadIdx.x, f);
}

struct Op {
    __device__ virtual float apply(float x) const = 0;
};
struct Twice : Op {
    __device__ float apply(float x) const override { return 2.0f * x; }
};
struct Square : Op {
    __device__ float apply(float x) const override { return x * x; }
};

__device__ float run(const Op &op, float x) { return op.apply(x); }

__global__ void apply_functor(float *out, const float *in, bool sq) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Twice t;
    Square s;
    const Op *op = sq ? static_cast<const Op *>(&s) : static_cast<const Op *>(&t);
    out[i] = run(*op, in[i]);
}

int main() {
    float *d_in, *d_out;
    cudaMalloc(&d_in, 128 * sizeof(float));
    cudaMalloc(&d_out, 128 * sizeof(float));
    apply_table<<<2, 64>>>(d_out, d_in, 1);
    apply_functor<<<2, 64>>>(d_out, d_in, true);
    return 0;
}
