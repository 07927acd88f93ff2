/* gpuverify: texture and surface references and objects (part of the
 * device library, see gv_device_library.h for their semantics). Texture
 * fetches read no memory the verifier tracks and return arbitrary values;
 * surface accesses go to the array __gpuverify_surface. */
#ifndef GPUVERIFY_CUDA_TEXTURES_H
#define GPUVERIFY_CUDA_TEXTURES_H

enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
enum cudaTextureFilterMode { cudaFilterModePoint, cudaFilterModeLinear };
enum cudaTextureAddressMode { cudaAddressModeWrap, cudaAddressModeClamp,
  cudaAddressModeMirror, cudaAddressModeBorder };
enum cudaChannelFormatKind { cudaChannelFormatKindSigned, cudaChannelFormatKindUnsigned,
  cudaChannelFormatKindFloat, cudaChannelFormatKindNone };
enum cudaResourceType { cudaResourceTypeArray, cudaResourceTypeMipmappedArray,
  cudaResourceTypeLinear, cudaResourceTypePitch2D };
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero, cudaBoundaryModeClamp,
  cudaBoundaryModeTrap };
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03

struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
struct surfaceReference { struct cudaChannelFormatDesc channelDesc; };
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width, height,
             pitchInBytes; } pitch2D;
  } res;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
struct cudaResourceViewDesc { int format; size_t width, height, depth; };

template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
  __host__ texture(int norm = 0, enum cudaTextureFilterMode f = cudaFilterModePoint,
                   enum cudaTextureAddressMode a = cudaAddressModeClamp) {
    normalized = norm; filterMode = f; addressMode[0] = addressMode[1] = addressMode[2] = a; }
};
template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface : public surfaceReference {
  __host__ surface() {}
};

/* Host side. */
extern "C" __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z,
                                                                      int w,
                                                                      enum cudaChannelFormatKind f);
template <class T> static inline __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(8 * (int)sizeof(T), 0, 0, 0, cudaChannelFormatKindFloat); }
extern "C" __host__ cudaError_t cudaMallocArray(cudaArray_t *array,
                                                const struct cudaChannelFormatDesc *desc,
                                                size_t width, size_t height = 0,
                                                unsigned int flags = 0);
extern "C" __host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                                                  const struct cudaChannelFormatDesc *desc,
                                                  struct cudaExtent extent, unsigned int flags = 0);
extern "C" __host__ cudaError_t cudaFreeArray(cudaArray_t array);
extern "C" __host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex,
                                                        const struct cudaResourceDesc *r,
                                                        const struct cudaTextureDesc *t,
                                                        const struct cudaResourceViewDesc *v);
extern "C" __host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex);
extern "C" __host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *s,
                                                        const struct cudaResourceDesc *r);
extern "C" __host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t s);
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex,
                                                   const void *devPtr, size_t size = ~(size_t)0) {
  return cudaSuccess; }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex,
                                                   const void *devPtr,
                                                   const struct cudaChannelFormatDesc &desc,
                                                   size_t size = ~(size_t)0) {
  return cudaSuccess; }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                                     const texture<T, dim, mode> &tex,
                                                     const void *devPtr,
                                                     const struct cudaChannelFormatDesc &desc,
                                                     size_t width, size_t height, size_t pitch) {
  return cudaSuccess; }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                                     const texture<T, dim, mode> &tex,
                                                     const void *devPtr, size_t width,
                                                     size_t height, size_t pitch) {
  return cudaSuccess; }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaBindTextureToArray(const texture<T, dim, mode> &tex,
                                                          cudaArray_const_t array) {
  return cudaSuccess; }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaBindTextureToArray(const texture<T, dim, mode> &tex,
                                                          cudaArray_const_t array,
                                                          const struct cudaChannelFormatDesc &d) {
  return cudaSuccess; }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t cudaUnbindTexture(const texture<T, dim, mode> &tex) {
  return cudaSuccess; }
template <class T, int dim>
static inline __host__ cudaError_t cudaBindSurfaceToArray(const surface<T, dim> &s,
                                                          cudaArray_const_t array) {
  return cudaSuccess; }

/* Device side: texture references. The element type a fetch returns is
 * T, or float (float2/float4 for vectors) in normalized-float mode; we
 * return T's fetch type through a trait. */
template <class T, enum cudaTextureReadMode mode> struct __gv_texel { typedef T type; };
template <> struct __gv_texel<unsigned char, cudaReadModeNormalizedFloat> { typedef float type; };
template <> struct __gv_texel<signed char, cudaReadModeNormalizedFloat> { typedef float type; };
template <> struct __gv_texel<char, cudaReadModeNormalizedFloat> { typedef float type; };
template <> struct __gv_texel<unsigned short, cudaReadModeNormalizedFloat> { typedef float type; };
template <> struct __gv_texel<short, cudaReadModeNormalizedFloat> { typedef float type; };
template <> struct __gv_texel<uchar2, cudaReadModeNormalizedFloat> { typedef float2 type; };
template <> struct __gv_texel<uchar4, cudaReadModeNormalizedFloat> { typedef float4 type; };
template <> struct __gv_texel<char4, cudaReadModeNormalizedFloat> { typedef float4 type; };
template <> struct __gv_texel<ushort2, cudaReadModeNormalizedFloat> { typedef float2 type; };
template <> struct __gv_texel<ushort4, cudaReadModeNormalizedFloat> { typedef float4 type; };
#define __GV_TEXEL typename __gv_texel<T, mode>::type
#define __GV_TEXREF(DIM) const texture<T, DIM, mode> &
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex1Dfetch(__GV_TEXREF(1) t, int x) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex1D(__GV_TEXREF(1) t, float x) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex2D(__GV_TEXREF(2) t, float x, float y) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex3D(__GV_TEXREF(3) t, float x, float y, float z) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex1DLayered(__GV_TEXREF(cudaTextureType1DLayered) t, float x, int l) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex2DLayered(__GV_TEXREF(cudaTextureType2DLayered) t, float x, float y,
                                    int l) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL texCubemap(__GV_TEXREF(cudaTextureTypeCubemap) t, float x, float y,
                                  float z) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex1DLod(__GV_TEXREF(1) t, float x, float level) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex2DLod(__GV_TEXREF(2) t, float x, float y, float level) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex3DLod(__GV_TEXREF(3) t, float x, float y, float z, float level) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL texCubemapLayered(__GV_TEXREF(cudaTextureTypeCubemapLayered) t, float x,
                                         float y, float z, int l) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL texCubemapLod(__GV_TEXREF(cudaTextureTypeCubemap) t, float x, float y,
                                     float z, float level) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex2DLayeredLod(__GV_TEXREF(cudaTextureType2DLayered) t, float x, float y,
                                       int l, float level) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex1DGrad(__GV_TEXREF(1) t, float x, float dx, float dy) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex2DGrad(__GV_TEXREF(2) t, float x, float y, float2 dx, float2 dy) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
template <class T, enum cudaTextureReadMode mode>
__GV_INLINE __GV_TEXEL tex3DGrad(__GV_TEXREF(3) t, float x, float y, float z, float4 dx,
                                 float4 dy) {
  return __gpuverify_arbitrary<__GV_TEXEL>(); }
#undef __GV_TEXEL
#undef __GV_TEXREF

/* Texture objects: tex2D<float>(obj, x, y). */
template <class T> __GV_INLINE T tex1Dfetch(cudaTextureObject_t o, int x) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex1D(cudaTextureObject_t o, float x) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2D(cudaTextureObject_t o, float x, float y) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex3D(cudaTextureObject_t o, float x, float y, float z) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex1DLayered(cudaTextureObject_t o, float x, int l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2DLayered(cudaTextureObject_t o, float x, float y, int l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T texCubemap(cudaTextureObject_t o, float x, float y, float z) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex1DLod(cudaTextureObject_t o, float x, float l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2DLod(cudaTextureObject_t o, float x, float y, float l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex3DLod(cudaTextureObject_t o, float x, float y, float z,
                                          float l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2Dgather(cudaTextureObject_t o, float x, float y,
                                             int comp = 0) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T texCubemapLayered(cudaTextureObject_t o, float x, float y,
                                                   float z, int l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T texCubemapLod(cudaTextureObject_t o, float x, float y, float z,
                                               float l) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex1DLayeredLod(cudaTextureObject_t o, float x, int l,
                                                 float level) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2DLayeredLod(cudaTextureObject_t o, float x, float y, int l,
                                                 float level) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex1DGrad(cudaTextureObject_t o, float x, float dx, float dy) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2DGrad(cudaTextureObject_t o, float x, float y, float2 dx,
                                           float2 dy) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex3DGrad(cudaTextureObject_t o, float x, float y, float z,
                                           float4 dx, float4 dy) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE T tex2DLayeredGrad(cudaTextureObject_t o, float x, float y, int l,
                                                  float2 dx, float2 dy) {
  return __gpuverify_arbitrary<T>(); }
template <class T> __GV_INLINE void tex2D(T *out, cudaTextureObject_t o, float x, float y) {
  *out = __gpuverify_arbitrary<T>(); }

/* Surfaces: memory. x is in bytes, as in CUDA. */
extern __device__ unsigned char __gpuverify_surface[];
static __device__ __forceinline__ unsigned int __gv_texel_index(unsigned long long s, int x,
                                                                int y, int z) {
  return (unsigned int)x + 65536u * (unsigned int)y + 16777216u * (unsigned int)z +
         (unsigned int)s * 268435456u;
}
#define __GV_SURF_REF(DIM) const surface<void, DIM> &
template <class T> __GV_INLINE void surf1Dwrite(T v, __GV_SURF_REF(1) s, int x,
                                                enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *(T *)&__gpuverify_surface[__gv_texel_index(0, x, 0, 0)] = v; }
template <class T> __GV_INLINE void surf2Dwrite(T v, __GV_SURF_REF(2) s, int x, int y,
                                                enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *(T *)&__gpuverify_surface[__gv_texel_index(0, x, y, 0)] = v; }
template <class T> __GV_INLINE void surf3Dwrite(T v, __GV_SURF_REF(3) s, int x, int y, int z,
                                                enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *(T *)&__gpuverify_surface[__gv_texel_index(0, x, y, z)] = v; }
template <class T> __GV_INLINE void surf1Dread(T *out, __GV_SURF_REF(1) s, int x,
                                               enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *out = *(T *)&__gpuverify_surface[__gv_texel_index(0, x, 0, 0)]; }
template <class T> __GV_INLINE void surf2Dread(T *out, __GV_SURF_REF(2) s, int x, int y,
                                               enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *out = *(T *)&__gpuverify_surface[__gv_texel_index(0, x, y, 0)]; }
template <class T> __GV_INLINE void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                                                enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *(T *)&__gpuverify_surface[__gv_texel_index(s, x, y, 0)] = v; }
template <class T> __GV_INLINE void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                                                enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *(T *)&__gpuverify_surface[__gv_texel_index(s, x, 0, 0)] = v; }
template <class T> __GV_INLINE void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z,
                                                enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *(T *)&__gpuverify_surface[__gv_texel_index(s, x, y, z)] = v; }
template <class T> __GV_INLINE T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  return *(T *)&__gpuverify_surface[__gv_texel_index(s, x, y, 0)]; }
template <class T> __GV_INLINE T surf1Dread(cudaSurfaceObject_t s, int x,
                                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  return *(T *)&__gpuverify_surface[__gv_texel_index(s, x, 0, 0)]; }
template <class T> __GV_INLINE void surf3Dread(T *out, __GV_SURF_REF(3) s, int x, int y, int z,
                                               enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *out = *(T *)&__gpuverify_surface[__gv_texel_index(0, x, y, z)]; }
template <class T> __GV_INLINE T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z,
                                            enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  return *(T *)&__gpuverify_surface[__gv_texel_index(s, x, y, z)]; }
template <class T> __GV_INLINE void surf3Dread(T *out, cudaSurfaceObject_t s, int x, int y, int z,
                                               enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *out = surf3Dread<T>(s, x, y, z, m); }
template <class T> __GV_INLINE void surf1Dread(T *out, cudaSurfaceObject_t s, int x,
                                               enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *out = surf1Dread<T>(s, x, m); }
template <class T> __GV_INLINE void surf2Dread(T *out, cudaSurfaceObject_t s, int x, int y,
                                               enum cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  *out = surf2Dread<T>(s, x, y, m); }
#undef __GV_SURF_REF

#endif
