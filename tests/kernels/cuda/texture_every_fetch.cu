//pass
//--blockDim=[16,16] --gridDim=[2,2]
#include <cuda_runtime.h>
// Every texture fetch form (references: 1D/2D/3D, layered, cubemap,
// cubemap layered; objects: Lod, Grad, layered) returns an arbitrary value
// and never races; surfaces are memory written at their coordinates.
texture<float, cudaTextureType1D, cudaReadModeElementType> texLinear;
texture<float, 1, cudaReadModeElementType> tex1;
texture<uchar4, 2, cudaReadModeNormalizedFloat> texImage;
texture<float, 3> tex3;
texture<float, cudaTextureType2DLayered> texLayered;
texture<float4, cudaTextureTypeCubemap> texCube;
texture<float, cudaTextureType1DLayered> tex1Layered;
texture<float, cudaTextureTypeCubemapLayered> texCubeLayered;

__global__ void tex_refs(float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float a = tex1Dfetch(texLinear, y * w + x) + tex1D(tex1, x + 0.5f);
    float4 p = tex2D(texImage, x + 0.5f, y + 0.5f);
    float v = tex3D(tex3, x, y, 0.5f) + tex2DLayered(texLayered, x, y, 1) + tex1DLayered(tex1Layered, x, 2);
    float4 c = texCubemap(texCube, 1.0f, 0.0f, 0.0f);
    float cl = texCubemapLayered(texCubeLayered, 1.0f, 0.0f, 0.0f, 0);
    out[y * w + x] = a + p.x + v + c.w + cl;
}

__global__ void tex_objects(cudaTextureObject_t tex, cudaTextureObject_t tex3d, cudaSurfaceObject_t surf,
                            cudaSurfaceObject_t surf1, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float v = tex2D<float>(tex, x + 0.5f, y + 0.5f) + tex2DLod<float>(tex, x, y, 0.0f)
            + tex3D<float>(tex3d, x, y, 0) + tex1Dfetch<float>(tex, x) + tex2DLayered<float>(tex, x, y, 0);
    float4 g = tex2DGrad<float4>(tex, x, y, make_float2(1, 0), make_float2(0, 1));
    surf2Dwrite(v + g.x, surf, x * sizeof(float), y);
    float r;
    surf2Dread(&r, surf, x * sizeof(float), y);
    if (y == 0) surf1Dwrite(r, surf1, x * 4);
    out[y * w + x] = r + surf2Dread<float>(surf, x * 4, y);
}

int main() {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray *arr; cudaMallocArray(&arr, &desc, 32, 32);
    cudaResourceDesc res; memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray; res.res.array.array = arr;
    cudaTextureDesc td; memset(&td, 0, sizeof(td));
    td.addressMode[0] = cudaAddressModeClamp; td.filterMode = cudaFilterModeLinear; td.normalizedCoords = 0;
    cudaTextureObject_t t = 0; cudaCreateTextureObject(&t, &res, &td, NULL);
    cudaSurfaceObject_t s = 0; cudaCreateSurfaceObject(&s, &res);
    float *out; cudaMalloc(&out, 32 * 32 * sizeof(float));
    cudaBindTextureToArray(texImage, arr);
    tex_objects<<<dim3(2, 2), dim3(16, 16)>>>(t, t, s, s, out, 32, 32);
    cudaDestroyTextureObject(t);
    return 0;
}
