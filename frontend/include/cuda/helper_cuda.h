/* gpuverify: the declarations SDK-style samples take from their common
 * helper headers (helper_cuda.h, helper_functions.h, helper_string.h,
 * helper_timer.h, helper_image.h), host side only, so that such files
 * compile; host code is never lowered. Written from how samples use them. */
#ifndef GPUVERIFY_HELPER_CUDA_H
#define GPUVERIFY_HELPER_CUDA_H

#define checkCudaErrors(val) ((void)(val))
#define getLastCudaError(msg) ((void)(msg))
#define printLastCudaError(msg) ((void)(msg))
#define CUDA_CHECK(val) ((void)(val))
#define CUDA_SAFE_CALL(val) ((void)(val))
#define cutilSafeCall(val) ((void)(val))
#define cutilCheckMsg(msg) ((void)(msg))
#define cutilCheckError(val) ((void)(val))
#define cutilDeviceSynchronize() cudaDeviceSynchronize()
#define CUT_SAFE_CALL(val) ((void)(val))
#define CUT_CHECK_ERROR(msg) ((void)(msg))
#define CUDA_SAFE_CALL_NO_SYNC(val) ((void)(val))
#define CUT_DEVICE_INIT(argc, argv) ((void)0)
#define CUT_EXIT(argc, argv) ((void)0)
#define checkCudaErrorsNoSync(val) ((void)(val))
#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif
#define EXIT_WAIVED 2

__host__ int findCudaDevice(int argc, const char **argv);
__host__ int gpuGetMaxGflopsDeviceId(void);
__host__ int _ConvertSMVer2Cores(int major, int minor);
__host__ const char *_ConvertSMVer2ArchName(int major, int minor);
__host__ const char *_cudaGetErrorEnum(cudaError_t error);
__host__ bool checkCmdLineFlag(const int argc, const char **argv, const char *flag);
__host__ int getCmdLineArgumentInt(const int argc, const char **argv, const char *flag);
__host__ float getCmdLineArgumentFloat(const int argc, const char **argv, const char *flag);
__host__ bool getCmdLineArgumentString(const int argc, const char **argv, const char *flag,
                                       char **value);
__host__ char *sdkFindFilePath(const char *filename, const char *executable_path);
class StopWatchInterface {
public:
  __host__ virtual ~StopWatchInterface() {}
  __host__ virtual void start() = 0;
  __host__ virtual void stop() = 0;
  __host__ virtual void reset() = 0;
  __host__ virtual float getTime() = 0;
  __host__ virtual float getAverageTime() = 0;
};
__host__ bool sdkCreateTimer(StopWatchInterface **timer);
__host__ bool sdkDeleteTimer(StopWatchInterface **timer);
__host__ bool sdkStartTimer(StopWatchInterface **timer);
__host__ bool sdkStopTimer(StopWatchInterface **timer);
__host__ bool sdkResetTimer(StopWatchInterface **timer);
__host__ float sdkGetTimerValue(StopWatchInterface **timer);
__host__ float sdkGetAverageTimerValue(StopWatchInterface **timer);
__host__ bool sdkLoadPGM(const char *file, unsigned char **data, unsigned int *w,
                         unsigned int *h);
__host__ bool sdkLoadPGM(const char *file, float **data, unsigned int *w, unsigned int *h);
__host__ bool sdkSavePGM(const char *file, unsigned char *data, unsigned int w, unsigned int h);
__host__ bool sdkSavePGM(const char *file, float *data, unsigned int w, unsigned int h);
__host__ bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w,
                            unsigned int *h);
__host__ bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w,
                            unsigned int h);
__host__ bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len,
                             const float epsilon);
__host__ bool compareData(const float *reference, const float *data, const unsigned int len,
                          const float epsilon, const float threshold);
__host__ bool sdkCompareBin2BinFloat(const char *src, const char *ref, unsigned int n,
                                     const float epsilon, const float threshold,
                                     char *exec_path);
template <class T> __host__ inline bool compareData(const T *reference, const T *data,
                                                   const unsigned int len, const T epsilon,
                                                   const float threshold) {
  return true; }
#endif
