/* gpuverify: the host side of the CUDA runtime API, declared so that the
 * host code of a .cu file (main, <<<...>>> launches, cudaMalloc, error
 * checks) compiles. clang compiles device code only (--cuda-device-only):
 * host functions are parsed and type-checked, never lowered, so these are
 * declarations without bodies. Written from the CUDA Runtime API reference.
 */
#ifndef GPUVERIFY_CUDA_RUNTIME_API_H
#define GPUVERIFY_CUDA_RUNTIME_API_H

#ifndef CUDA_VERSION
#define CUDA_VERSION 11080
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 11080
#endif
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define CUDART_CB
#define CUDARTAPI
#define CUDA_CB

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorLaunchFailure = 719,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100,
  cudaErrorNotReady = 600,
  cudaErrorUnknown = 999
} cudaError_t;
typedef enum cudaError CUresult;
#define CUDA_SUCCESS cudaSuccess
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef unsigned long long CUdeviceptr;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef cudaStream_t CUstream;
typedef cudaEvent_t CUevent;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
typedef void (*cudaHostFn_t)(void *);

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaFuncCache {
  cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1,
  cudaFuncCachePreferEqual
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault, cudaSharedMemBankSizeFourByte,
  cudaSharedMemBankSizeEightByte
};
enum cudaLimit { cudaLimitStackSize, cudaLimitPrintfFifoSize, cudaLimitMallocHeapSize };
enum cudaComputeMode { cudaComputeModeDefault, cudaComputeModeExclusive,
  cudaComputeModeProhibited, cudaComputeModeExclusiveProcess };
enum cudaMemoryAdvise { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly,
  cudaMemAdviseSetPreferredLocation, cudaMemAdviseUnsetPreferredLocation,
  cudaMemAdviseSetAccessedBy, cudaMemAdviseUnsetAccessedBy };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrWarpSize = 10, cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16, cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrConcurrentManagedAccess = 89, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
};
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaCpuDeviceId ((int)-1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamLegacy ((cudaStream_t)0x1)

struct cudaDeviceProp {
  char name[256];
  char uuid[16];
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
  size_t totalConstMem;
  int major, minor;
  size_t textureAlignment, texturePitchAlignment;
  int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled, integrated,
      canMapHostMemory, computeMode, maxTexture1D, maxTexture2D[2], maxTexture3D[3],
      concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver,
      asyncEngineCount, unifiedAddressing, memoryClockRate, memoryBusWidth,
      l2CacheSize, persistingL2CacheMaxSize, maxThreadsPerMultiProcessor,
      streamPrioritiesSupported, globalL1CacheSupported, localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID,
      pageableMemoryAccess, concurrentManagedAccess, computePreemptionSupported,
      cooperativeLaunch, cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor, reservedSharedMemPerBlock;
};
struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA,
      maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaMemcpy3DParms {
  cudaArray_t srcArray; struct cudaPos srcPos; struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray; struct cudaPos dstPos; struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent; enum cudaMemcpyKind kind;
};
static inline __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
  struct cudaExtent e; e.width = w; e.height = h; e.depth = d; return e; }
static inline __host__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
  struct cudaPos p; p.x = x; p.y = y; p.z = z; return p; }
static inline __host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xs, size_t ys) {
  struct cudaPitchedPtr r; r.ptr = d; r.pitch = p; r.xsize = xs; r.ysize = ys; return r; }

/* Launch configuration: clang turns k<<<g, b, s, st>>>(...) into a call of
 * one of these (which one depends on the CUDA version clang assumes). */
extern "C" __host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                                  size_t sharedMem = 0, cudaStream_t stream = 0);
extern "C" __host__ unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                         size_t sharedMem = 0, void *stream = 0);
extern "C" __host__ cudaError_t cudaLaunch(const void *func);
extern "C" __host__ cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset);

#define __GV_HOST extern "C" __host__ cudaError_t
__GV_HOST cudaMalloc(void **devPtr, size_t size);
__GV_HOST cudaMallocHost(void **ptr, size_t size);
__GV_HOST cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
__GV_HOST cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
__GV_HOST cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
__GV_HOST cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
__GV_HOST cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream);
__GV_HOST cudaFree(void *devPtr);
__GV_HOST cudaFreeHost(void *ptr);
__GV_HOST cudaFreeAsync(void *devPtr, cudaStream_t stream);
__GV_HOST cudaHostRegister(void *ptr, size_t size, unsigned int flags);
__GV_HOST cudaHostUnregister(void *ptr);
__GV_HOST cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
__GV_HOST cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
__GV_HOST cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                          cudaStream_t stream = 0);
__GV_HOST cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height, enum cudaMemcpyKind kind);
__GV_HOST cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                            size_t width, size_t height, enum cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
__GV_HOST cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__GV_HOST cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
__GV_HOST cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                            size_t count, enum cudaMemcpyKind kind);
__GV_HOST cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind);
__GV_HOST cudaMemset(void *devPtr, int value, size_t count);
__GV_HOST cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
__GV_HOST cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
__GV_HOST cudaMemGetInfo(size_t *free, size_t *total);
__GV_HOST cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                               cudaStream_t stream = 0);
__GV_HOST cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                        int device);
__GV_HOST cudaDeviceSynchronize(void);
__GV_HOST cudaThreadSynchronize(void);
__GV_HOST cudaDeviceReset(void);
__GV_HOST cudaThreadExit(void);
__GV_HOST cudaSetDevice(int device);
__GV_HOST cudaGetDevice(int *device);
__GV_HOST cudaGetDeviceCount(int *count);
__GV_HOST cudaSetDeviceFlags(unsigned int flags);
__GV_HOST cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__GV_HOST cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
__GV_HOST cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
__GV_HOST cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__GV_HOST cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
__GV_HOST cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__GV_HOST cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
__GV_HOST cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
__GV_HOST cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
__GV_HOST cudaDriverGetVersion(int *driverVersion);
__GV_HOST cudaRuntimeGetVersion(int *runtimeVersion);
__GV_HOST cudaGetLastError(void);
__GV_HOST cudaPeekAtLastError(void);
extern "C" __host__ const char *cudaGetErrorString(cudaError_t error);
extern "C" __host__ const char *cudaGetErrorName(cudaError_t error);
__GV_HOST cudaStreamCreate(cudaStream_t *pStream);
__GV_HOST cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
__GV_HOST cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
__GV_HOST cudaStreamDestroy(cudaStream_t stream);
__GV_HOST cudaStreamSynchronize(cudaStream_t stream);
__GV_HOST cudaStreamQuery(cudaStream_t stream);
__GV_HOST cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
__GV_HOST cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                void *userData, unsigned int flags);
__GV_HOST cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
__GV_HOST cudaEventCreate(cudaEvent_t *event);
__GV_HOST cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__GV_HOST cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__GV_HOST cudaEventSynchronize(cudaEvent_t event);
__GV_HOST cudaEventQuery(cudaEvent_t event);
__GV_HOST cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__GV_HOST cudaEventDestroy(cudaEvent_t event);
__GV_HOST cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
__GV_HOST cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
__GV_HOST cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
__GV_HOST cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                           size_t sharedMem = 0, cudaStream_t stream = 0);
__GV_HOST cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                      void **args, size_t sharedMem = 0,
                                      cudaStream_t stream = 0);
__GV_HOST cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                        int blockSize, size_t dynamicSMemSize);
__GV_HOST cudaProfilerStart(void);
__GV_HOST cudaProfilerStop(void);
__GV_HOST cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
__GV_HOST cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
__GV_HOST cudaStreamBeginCapture(cudaStream_t stream, int mode);
__GV_HOST cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
__GV_HOST cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, void *a = 0,
                               char *b = 0, size_t c = 0);
__GV_HOST cudaGetSymbolAddress(void **devPtr, const void *symbol);
__GV_HOST cudaGetSymbolSize(size_t *size, const void *symbol);
__GV_HOST cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                             size_t offset = 0,
                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__GV_HOST cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset = 0,
                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__GV_HOST cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                  size_t offset, enum cudaMemcpyKind kind,
                                  cudaStream_t stream = 0);
__GV_HOST cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream = 0);
extern "C" __host__ CUresult cuInit(unsigned int flags);
extern "C" __host__ CUresult cuDeviceGet(CUdevice *device, int ordinal);
extern "C" __host__ CUresult cuDeviceGetCount(int *count);
extern "C" __host__ CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
extern "C" __host__ CUresult cuCtxDestroy(CUcontext ctx);
extern "C" __host__ CUresult cuCtxSynchronize(void);
extern "C" __host__ CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);
extern "C" __host__ CUresult cuMemFree(CUdeviceptr dptr);
extern "C" __host__ CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n);
extern "C" __host__ CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n);
extern "C" __host__ CUresult cuGetErrorString(CUresult error, const char **pStr);

/* The C++ conveniences of cuda_runtime.h: typed pointers and symbols. */
template <class T> static inline __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return cudaMalloc((void **)devPtr, size); }
template <class T> static inline __host__ cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return cudaMallocHost((void **)ptr, size); }
template <class T> static inline __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                                  unsigned int flags) {
  return cudaHostAlloc((void **)ptr, size, flags); }
template <class T> static inline __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged((void **)devPtr, size, flags); }
template <class T> static inline __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch,
                                                                    size_t w, size_t h) {
  return cudaMallocPitch((void **)devPtr, pitch, w, h); }
template <class T> static inline __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice,
                                                                             void *pHost,
                                                                             unsigned int flags) {
  return cudaHostGetDevicePointer((void **)pDevice, pHost, flags); }
template <class T> static inline __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind); }
template <class T> static inline __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind); }
template <class T> static inline __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream); }
template <class T> static inline __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                                         const T &symbol) {
  return cudaGetSymbolAddress(devPtr, (const void *)&symbol); }
template <class T> static inline __host__ cudaError_t cudaGetSymbolSize(size_t *size,
                                                                      const T &symbol) {
  return cudaGetSymbolSize(size, (const void *)&symbol); }
template <class T> static inline __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache c) {
  return cudaFuncSetCacheConfig((const void *)func, c); }
template <class T> static inline __host__ cudaError_t
cudaFuncSetAttribute(T *func, enum cudaFuncAttribute a, int v) {
  return cudaFuncSetAttribute((const void *)func, a, v); }
template <class T> static inline __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func) {
  return cudaFuncGetAttributes(attr, (const void *)func); }
template <class T> static inline __host__ cudaError_t
cudaLaunchKernel(T *func, dim3 g, dim3 b, void **args, size_t s = 0, cudaStream_t st = 0) {
  return cudaLaunchKernel((const void *)func, g, b, args, s, st); }
template <class T> static inline __host__ cudaError_t
cudaLaunchCooperativeKernel(T *func, dim3 g, dim3 b, void **args, size_t s = 0,
                            cudaStream_t st = 0) {
  return cudaLaunchCooperativeKernel((const void *)func, g, b, args, s, st); }
template <class T> static inline __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T func, int bs, size_t smem) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)func, bs, smem); }
template <class T> static inline __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
  *minGridSize = 1; *blockSize = 256; return cudaSuccess; }
#undef __GV_HOST

#endif
