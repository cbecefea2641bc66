/* hip/hip_runtime_api.h - HIP's runtime API (host side) on Loom's CUDA runtime.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written for Loom from HIP's API documentation (no AMD header was copied).
 * HIP programs compile with loomcc (.hip files, -x hip) in clang's CUDA mode,
 * as HIP's own NVIDIA platform does with nvcc: every hip* function here is a
 * thin inline call of the CUDA runtime function with the same meaning, so
 * Loom's runtime (libloomrt) runs them, and profiling, error state and
 * streams are those of the CUDA program the HIP program is.
 *
 * Types are CUDA's where HIP's are the same thing (streams, events, dim3,
 * hipDeviceProp_t extends cudaDeviceProp); hipError_t is its own enum whose
 * values are CUDA's numbers, which HIP's codes mirror (hipErrorInvalidValue
 * is 1 as cudaErrorInvalidValue is), so a CUDA code converts by value and
 * codes HIP has no name for keep their number and their CUDA message.
 * docs/tools.md ("HIP source") lists what is covered.
 */
#ifndef LOOM_HIP_RUNTIME_API_H
#define LOOM_HIP_RUNTIME_API_H

#include "cuda_profiler_api.h"
#include "cuda_runtime.h"

#include <string.h>

/* Loom behaves as an NVIDIA device (32-wide warps, CUDA's runtime), so
 * programs take HIP's NVIDIA paths; __HIP_PLATFORM_LOOM__ names Loom. */
#ifndef __HIP_PLATFORM_LOOM__
#define __HIP_PLATFORM_LOOM__ 1
#endif
#if !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_AMD__)
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
#if !defined(__HIP_PLATFORM_NVCC__) && defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_NVCC__ 1 /* the name before HIP 5 */
#endif
#ifdef __HIP_PLATFORM_AMD__
#error "Loom implements HIP's NVIDIA platform (warpSize 32); do not define __HIP_PLATFORM_AMD__"
#endif

/* The HIP release whose runtime API this follows. */
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

/* ------------------------------------------------------------------ errors */

typedef enum hipError_t {
  hipSuccess = cudaSuccess,
  hipErrorInvalidValue = cudaErrorInvalidValue,
  hipErrorOutOfMemory = cudaErrorMemoryAllocation,
  hipErrorMemoryAllocation = cudaErrorMemoryAllocation,
  hipErrorNotInitialized = cudaErrorInitializationError,
  hipErrorInitializationError = cudaErrorInitializationError,
  hipErrorDeinitialized = cudaErrorCudartUnloading,
  hipErrorProfilerDisabled = cudaErrorProfilerDisabled,
  hipErrorProfilerNotInitialized = cudaErrorProfilerNotInitialized,
  hipErrorProfilerAlreadyStarted = cudaErrorProfilerAlreadyStarted,
  hipErrorProfilerAlreadyStopped = cudaErrorProfilerAlreadyStopped,
  hipErrorInvalidConfiguration = cudaErrorInvalidConfiguration,
  hipErrorInvalidPitchValue = cudaErrorInvalidPitchValue,
  hipErrorInvalidSymbol = cudaErrorInvalidSymbol,
  hipErrorInvalidDevicePointer = cudaErrorInvalidDevicePointer,
  hipErrorInvalidMemcpyDirection = cudaErrorInvalidMemcpyDirection,
  hipErrorInsufficientDriver = cudaErrorInsufficientDriver,
  hipErrorMissingConfiguration = cudaErrorMissingConfiguration,
  hipErrorPriorLaunchFailure = cudaErrorPriorLaunchFailure,
  hipErrorInvalidDeviceFunction = cudaErrorInvalidDeviceFunction,
  hipErrorNoDevice = cudaErrorNoDevice,
  hipErrorInvalidDevice = cudaErrorInvalidDevice,
  hipErrorInvalidImage = cudaErrorInvalidKernelImage,
  hipErrorInvalidContext = cudaErrorDeviceUninitialized,
  hipErrorMapFailed = cudaErrorMapBufferObjectFailed,
  hipErrorUnmapFailed = cudaErrorUnmapBufferObjectFailed,
  hipErrorArrayIsMapped = cudaErrorArrayIsMapped,
  hipErrorAlreadyMapped = cudaErrorAlreadyMapped,
  hipErrorNoBinaryForGpu = cudaErrorNoKernelImageForDevice,
  hipErrorAlreadyAcquired = cudaErrorAlreadyAcquired,
  hipErrorNotMapped = cudaErrorNotMapped,
  hipErrorNotMappedAsArray = cudaErrorNotMappedAsArray,
  hipErrorNotMappedAsPointer = cudaErrorNotMappedAsPointer,
  hipErrorECCNotCorrectable = cudaErrorECCUncorrectable,
  hipErrorUnsupportedLimit = cudaErrorUnsupportedLimit,
  hipErrorContextAlreadyInUse = cudaErrorDeviceAlreadyInUse,
  hipErrorPeerAccessUnsupported = cudaErrorPeerAccessUnsupported,
  hipErrorInvalidKernelFile = cudaErrorInvalidPtx,
  hipErrorInvalidGraphicsContext = cudaErrorInvalidGraphicsContext,
  hipErrorInvalidSource = cudaErrorInvalidSource,
  hipErrorFileNotFound = cudaErrorFileNotFound,
  hipErrorSharedObjectSymbolNotFound = cudaErrorSharedObjectSymbolNotFound,
  hipErrorSharedObjectInitFailed = cudaErrorSharedObjectInitFailed,
  hipErrorOperatingSystem = cudaErrorOperatingSystem,
  hipErrorInvalidHandle = cudaErrorInvalidResourceHandle,
  hipErrorInvalidResourceHandle = cudaErrorInvalidResourceHandle,
  hipErrorIllegalState = cudaErrorIllegalState,
  hipErrorNotFound = cudaErrorSymbolNotFound,
  hipErrorNotReady = cudaErrorNotReady,
  hipErrorIllegalAddress = cudaErrorIllegalAddress,
  hipErrorLaunchOutOfResources = cudaErrorLaunchOutOfResources,
  hipErrorLaunchTimeOut = cudaErrorLaunchTimeout,
  hipErrorPeerAccessAlreadyEnabled = cudaErrorPeerAccessAlreadyEnabled,
  hipErrorPeerAccessNotEnabled = cudaErrorPeerAccessNotEnabled,
  hipErrorSetOnActiveProcess = cudaErrorSetOnActiveProcess,
  hipErrorContextIsDestroyed = cudaErrorContextIsDestroyed,
  hipErrorAssert = cudaErrorAssert,
  hipErrorHostMemoryAlreadyRegistered = cudaErrorHostMemoryAlreadyRegistered,
  hipErrorHostMemoryNotRegistered = cudaErrorHostMemoryNotRegistered,
  hipErrorLaunchFailure = cudaErrorLaunchFailure,
  hipErrorCooperativeLaunchTooLarge = cudaErrorCooperativeLaunchTooLarge,
  hipErrorNotSupported = cudaErrorNotSupported,
  hipErrorStreamCaptureUnsupported = cudaErrorStreamCaptureUnsupported,
  hipErrorStreamCaptureInvalidated = cudaErrorStreamCaptureInvalidated,
  hipErrorStreamCaptureMerge = cudaErrorStreamCaptureMerge,
  hipErrorStreamCaptureUnmatched = cudaErrorStreamCaptureUnmatched,
  hipErrorStreamCaptureUnjoined = cudaErrorStreamCaptureUnjoined,
  hipErrorStreamCaptureIsolation = cudaErrorStreamCaptureIsolation,
  hipErrorStreamCaptureImplicit = cudaErrorStreamCaptureImplicit,
  hipErrorCapturedEvent = cudaErrorCapturedEvent,
  hipErrorStreamCaptureWrongThread = cudaErrorStreamCaptureWrongThread,
  hipErrorGraphExecUpdateFailure = cudaErrorGraphExecUpdateFailure,
  hipErrorUnknown = cudaErrorUnknown,
} hipError_t;

static __inline__ __host__ __device__ hipError_t hipCUDAErrorTohipError(cudaError_t e) {
  return (hipError_t)e;
}
static __inline__ __host__ __device__ cudaError_t hipErrorToCudaError(hipError_t e) {
  return (cudaError_t)e;
}
#define __LOOM_HIP(call) hipCUDAErrorTohipError(call)

static __inline__ __host__ const char *hipGetErrorString(hipError_t e) {
  return cudaGetErrorString((cudaError_t)e);
}
/* HIP's names for the codes programs meet; any other code has CUDA's name
 * (its value is the same). */
static __inline__ __host__ const char *hipGetErrorName(hipError_t e) {
  switch (e) {
#define __LOOM_HIP_NAME(n) case n: return #n;
    __LOOM_HIP_NAME(hipSuccess) __LOOM_HIP_NAME(hipErrorInvalidValue)
    __LOOM_HIP_NAME(hipErrorOutOfMemory) __LOOM_HIP_NAME(hipErrorNotInitialized)
    __LOOM_HIP_NAME(hipErrorInvalidConfiguration) __LOOM_HIP_NAME(hipErrorInvalidDevicePointer)
    __LOOM_HIP_NAME(hipErrorInvalidMemcpyDirection) __LOOM_HIP_NAME(hipErrorInvalidDeviceFunction)
    __LOOM_HIP_NAME(hipErrorNoDevice) __LOOM_HIP_NAME(hipErrorInvalidDevice)
    __LOOM_HIP_NAME(hipErrorInvalidHandle) __LOOM_HIP_NAME(hipErrorNotFound)
    __LOOM_HIP_NAME(hipErrorNotReady) __LOOM_HIP_NAME(hipErrorIllegalAddress)
    __LOOM_HIP_NAME(hipErrorLaunchOutOfResources) __LOOM_HIP_NAME(hipErrorLaunchFailure)
    __LOOM_HIP_NAME(hipErrorPeerAccessAlreadyEnabled) __LOOM_HIP_NAME(hipErrorPeerAccessNotEnabled)
    __LOOM_HIP_NAME(hipErrorNotSupported) __LOOM_HIP_NAME(hipErrorUnknown)
#undef __LOOM_HIP_NAME
  default:
    return cudaGetErrorName((cudaError_t)e);
  }
}
static __inline__ __host__ hipError_t hipGetLastError(void) { return __LOOM_HIP(cudaGetLastError()); }
static __inline__ __host__ hipError_t hipPeekAtLastError(void) { return __LOOM_HIP(cudaPeekAtLastError()); }
/* HIP 6's name for hipGetLastError that also resets. */
static __inline__ __host__ hipError_t hipExtGetLastError(void) { return __LOOM_HIP(cudaGetLastError()); }

/* ------------------------------------------------------------------ types */

typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef void *hipDeviceptr_t;
typedef struct cudaFuncAttributes hipFuncAttributes;
typedef struct cudaPointerAttributes hipPointerAttribute_t;
typedef enum cudaFuncCache hipFuncCache_t;
typedef enum cudaSharedMemConfig hipSharedMemConfig;
typedef struct CUstream_st ihipStream_t;
typedef struct CUevent_st ihipEvent_t;

#define hipStreamPerThread cudaStreamPerThread
#define hipStreamLegacy cudaStreamLegacy

/* hipDeviceProp_t: CUDA's fields (HIP's common ones have the same names),
 * plus HIP's architecture name. */
struct hipDeviceProp_t : cudaDeviceProp {
  char gcnArchName[256];
};

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = cudaMemcpyHostToHost,
  hipMemcpyHostToDevice = cudaMemcpyHostToDevice,
  hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost,
  hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice,
  hipMemcpyDefault = cudaMemcpyDefault,
  hipMemcpyDeviceToDeviceNoCU = 1024, /* HIP-only: a device copy without compute units */
} hipMemcpyKind;

static __inline__ __host__ cudaMemcpyKind __loom_hip_kind(hipMemcpyKind k) {
  return k == hipMemcpyDeviceToDeviceNoCU ? cudaMemcpyDeviceToDevice : (cudaMemcpyKind)k;
}

/* Flags: the same bits as CUDA's. */
#define hipStreamDefault cudaStreamDefault
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipEventDefault cudaEventDefault
#define hipEventBlockingSync cudaEventBlockingSync
#define hipEventDisableTiming cudaEventDisableTiming
#define hipEventInterprocess cudaEventInterprocess
#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostMallocPortable cudaHostAllocPortable
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocWriteCombined cudaHostAllocWriteCombined
#define hipHostMallocNumaUser 0x20000000 /* HIP-only placement hints: no meaning on Loom */
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostRegisterDefault cudaHostRegisterDefault
#define hipHostRegisterPortable cudaHostRegisterPortable
#define hipHostRegisterMapped cudaHostRegisterMapped
#define hipMemAttachGlobal cudaMemAttachGlobal
#define hipMemAttachHost cudaMemAttachHost
#define hipDeviceScheduleAuto cudaDeviceScheduleAuto
#define hipDeviceScheduleSpin cudaDeviceScheduleSpin
#define hipDeviceScheduleYield cudaDeviceScheduleYield
#define hipDeviceScheduleBlockingSync cudaDeviceScheduleBlockingSync
#define hipDeviceMapHost cudaDeviceMapHost
#define hipFuncCachePreferNone cudaFuncCachePreferNone
#define hipFuncCachePreferShared cudaFuncCachePreferShared
#define hipFuncCachePreferL1 cudaFuncCachePreferL1
#define hipFuncCachePreferEqual cudaFuncCachePreferEqual

/* Device attributes: HIP's enumerators, answered with CUDA's attribute of
 * the same meaning. */
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeCanMapHostMemory,
} hipDeviceAttribute_t;

static __inline__ __host__ hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr,
                                                            int device) {
  cudaDeviceAttr a;
  switch (attr) {
  case hipDeviceAttributeMaxThreadsPerBlock: a = cudaDevAttrMaxThreadsPerBlock; break;
  case hipDeviceAttributeMaxBlockDimX: a = cudaDevAttrMaxBlockDimX; break;
  case hipDeviceAttributeMaxBlockDimY: a = cudaDevAttrMaxBlockDimY; break;
  case hipDeviceAttributeMaxBlockDimZ: a = cudaDevAttrMaxBlockDimZ; break;
  case hipDeviceAttributeMaxGridDimX: a = cudaDevAttrMaxGridDimX; break;
  case hipDeviceAttributeMaxGridDimY: a = cudaDevAttrMaxGridDimY; break;
  case hipDeviceAttributeMaxGridDimZ: a = cudaDevAttrMaxGridDimZ; break;
  case hipDeviceAttributeMaxSharedMemoryPerBlock: a = cudaDevAttrMaxSharedMemoryPerBlock; break;
  case hipDeviceAttributeTotalConstantMemory: a = cudaDevAttrTotalConstantMemory; break;
  case hipDeviceAttributeWarpSize: a = cudaDevAttrWarpSize; break;
  case hipDeviceAttributeMaxRegistersPerBlock: a = cudaDevAttrMaxRegistersPerBlock; break;
  case hipDeviceAttributeClockRate: a = cudaDevAttrClockRate; break;
  case hipDeviceAttributeMemoryClockRate: a = cudaDevAttrMemoryClockRate; break;
  case hipDeviceAttributeMemoryBusWidth: a = cudaDevAttrGlobalMemoryBusWidth; break;
  case hipDeviceAttributeMultiprocessorCount: a = cudaDevAttrMultiProcessorCount; break;
  case hipDeviceAttributeComputeMode: a = cudaDevAttrComputeMode; break;
  case hipDeviceAttributeL2CacheSize: a = cudaDevAttrL2CacheSize; break;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor: a = cudaDevAttrMaxThreadsPerMultiProcessor; break;
  case hipDeviceAttributeComputeCapabilityMajor: a = cudaDevAttrComputeCapabilityMajor; break;
  case hipDeviceAttributeComputeCapabilityMinor: a = cudaDevAttrComputeCapabilityMinor; break;
  case hipDeviceAttributeConcurrentKernels: a = cudaDevAttrConcurrentKernels; break;
  case hipDeviceAttributePciBusId: a = cudaDevAttrPciBusId; break;
  case hipDeviceAttributePciDeviceId: a = cudaDevAttrPciDeviceId; break;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
    a = cudaDevAttrMaxSharedMemoryPerMultiprocessor; break;
  case hipDeviceAttributeIntegrated: a = cudaDevAttrIntegrated; break;
  case hipDeviceAttributeCooperativeLaunch: a = cudaDevAttrCooperativeLaunch; break;
  case hipDeviceAttributeManagedMemory: a = cudaDevAttrManagedMemory; break;
  case hipDeviceAttributeConcurrentManagedAccess: a = cudaDevAttrConcurrentManagedAccess; break;
  case hipDeviceAttributePageableMemoryAccess: a = cudaDevAttrPageableMemoryAccess; break;
  case hipDeviceAttributeUnifiedAddressing: a = cudaDevAttrUnifiedAddressing; break;
  case hipDeviceAttributeCanMapHostMemory: a = cudaDevAttrCanMapHostMemory; break;
  default: return hipErrorInvalidValue;
  }
  return __LOOM_HIP(cudaDeviceGetAttribute(value, a, device));
}

/* ------------------------------------------------------------ device, version */

static __inline__ __host__ hipError_t hipInit(unsigned int flags) {
  return flags ? hipErrorInvalidValue : __LOOM_HIP(cudaFree(0));
}
static __inline__ __host__ hipError_t hipGetDeviceCount(int *count) { return __LOOM_HIP(cudaGetDeviceCount(count)); }
static __inline__ __host__ hipError_t hipSetDevice(int device) { return __LOOM_HIP(cudaSetDevice(device)); }
static __inline__ __host__ hipError_t hipGetDevice(int *device) { return __LOOM_HIP(cudaGetDevice(device)); }
static __inline__ __host__ hipError_t hipSetDeviceFlags(unsigned flags) { return __LOOM_HIP(cudaSetDeviceFlags(flags)); }
static __inline__ __host__ hipError_t hipDeviceSynchronize(void) { return __LOOM_HIP(cudaDeviceSynchronize()); }
static __inline__ __host__ hipError_t hipDeviceReset(void) { return __LOOM_HIP(cudaDeviceReset()); }
static __inline__ __host__ hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  if (!prop)
    return hipErrorInvalidValue;
  hipError_t e = __LOOM_HIP(cudaGetDeviceProperties(prop, device));
  if (e == hipSuccess) {
    memset(prop->gcnArchName, 0, sizeof prop->gcnArchName);
    strncpy(prop->gcnArchName, "loom-cpu", sizeof prop->gcnArchName - 1);
  }
  return e;
}
static __inline__ __host__ hipError_t hipDeviceCanAccessPeer(int *can, int device, int peer) {
  return __LOOM_HIP(cudaDeviceCanAccessPeer(can, device, peer));
}
static __inline__ __host__ hipError_t hipDeviceEnablePeerAccess(int peer, unsigned flags) {
  return __LOOM_HIP(cudaDeviceEnablePeerAccess(peer, flags));
}
static __inline__ __host__ hipError_t hipDeviceDisablePeerAccess(int peer) {
  return __LOOM_HIP(cudaDeviceDisablePeerAccess(peer));
}
static __inline__ __host__ hipError_t hipDriverGetVersion(int *v) { return __LOOM_HIP(cudaDriverGetVersion(v)); }
/* HIP's runtime version, in HIP_VERSION's encoding. */
static __inline__ __host__ hipError_t hipRuntimeGetVersion(int *v) {
  if (!v)
    return hipErrorInvalidValue;
  *v = HIP_VERSION;
  return hipSuccess;
}
static __inline__ __host__ hipError_t hipDeviceSetCacheConfig(hipFuncCache_t c) {
  return __LOOM_HIP(cudaDeviceSetCacheConfig(c));
}
static __inline__ __host__ hipError_t hipDeviceGetLimit(size_t *v, enum cudaLimit l) {
  return __LOOM_HIP(cudaDeviceGetLimit(v, l));
}
static __inline__ __host__ hipError_t hipDeviceSetLimit(enum cudaLimit l, size_t v) {
  return __LOOM_HIP(cudaDeviceSetLimit(l, v));
}
#define hipLimitStackSize cudaLimitStackSize
#define hipLimitPrintfFifoSize cudaLimitPrintfFifoSize
#define hipLimitMallocHeapSize cudaLimitMallocHeapSize

/* ------------------------------------------------------------------ memory */

static __inline__ __host__ hipError_t hipMalloc(void **p, size_t n) { return __LOOM_HIP(cudaMalloc(p, n)); }
template <class T> static __inline__ __host__ hipError_t hipMalloc(T **p, size_t n) {
  return __LOOM_HIP(cudaMalloc((void **)p, n));
}
static __inline__ __host__ hipError_t hipFree(void *p) { return __LOOM_HIP(cudaFree(p)); }
static __inline__ __host__ hipError_t hipMallocManaged(void **p, size_t n,
                                                      unsigned flags = hipMemAttachGlobal) {
  return __LOOM_HIP(cudaMallocManaged(p, n, flags));
}
template <class T>
static __inline__ __host__ hipError_t hipMallocManaged(T **p, size_t n,
                                                      unsigned flags = hipMemAttachGlobal) {
  return __LOOM_HIP(cudaMallocManaged((void **)p, n, flags));
}
/* HIP's own host-allocation flags above bit 28 are placement hints. */
static __inline__ __host__ hipError_t hipHostMalloc(void **p, size_t n, unsigned flags = 0) {
  return __LOOM_HIP(cudaHostAlloc(p, n, flags & 0x0fffffffu));
}
template <class T>
static __inline__ __host__ hipError_t hipHostMalloc(T **p, size_t n, unsigned flags = 0) {
  return hipHostMalloc((void **)p, n, flags);
}
static __inline__ __host__ hipError_t hipExtHostAlloc(void **p, size_t n, unsigned flags) {
  return hipHostMalloc(p, n, flags);
}
static __inline__ __host__ hipError_t hipHostAlloc(void **p, size_t n, unsigned flags) {
  return __LOOM_HIP(cudaHostAlloc(p, n, flags));
}
static __inline__ __host__ hipError_t hipHostFree(void *p) { return __LOOM_HIP(cudaFreeHost(p)); }
static __inline__ __host__ hipError_t hipMallocHost(void **p, size_t n) { return __LOOM_HIP(cudaMallocHost(p, n)); }
static __inline__ __host__ hipError_t hipFreeHost(void *p) { return __LOOM_HIP(cudaFreeHost(p)); }
static __inline__ __host__ hipError_t hipHostRegister(void *p, size_t n, unsigned flags) {
  return __LOOM_HIP(cudaHostRegister(p, n, flags));
}
static __inline__ __host__ hipError_t hipHostUnregister(void *p) { return __LOOM_HIP(cudaHostUnregister(p)); }
static __inline__ __host__ hipError_t hipHostGetDevicePointer(void **d, void *h, unsigned flags) {
  return __LOOM_HIP(cudaHostGetDevicePointer(d, h, flags));
}
static __inline__ __host__ hipError_t hipMallocPitch(void **p, size_t *pitch, size_t w, size_t h) {
  return __LOOM_HIP(cudaMallocPitch(p, pitch, w, h));
}
static __inline__ __host__ hipError_t hipMemGetInfo(size_t *free_, size_t *total) {
  return __LOOM_HIP(cudaMemGetInfo(free_, total));
}
static __inline__ __host__ hipError_t hipPointerGetAttributes(hipPointerAttribute_t *a, const void *p) {
  return __LOOM_HIP(cudaPointerGetAttributes(a, p));
}

static __inline__ __host__ hipError_t hipMemcpy(void *dst, const void *src, size_t n, hipMemcpyKind k) {
  return __LOOM_HIP(cudaMemcpy(dst, src, n, __loom_hip_kind(k)));
}
static __inline__ __host__ hipError_t hipMemcpyAsync(void *dst, const void *src, size_t n,
                                                     hipMemcpyKind k, hipStream_t s = 0) {
  return __LOOM_HIP(cudaMemcpyAsync(dst, src, n, __loom_hip_kind(k), s));
}
static __inline__ __host__ hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t n,
                                                          hipMemcpyKind k, hipStream_t s) {
  hipError_t e = __LOOM_HIP(cudaMemcpyAsync(dst, src, n, __loom_hip_kind(k), s));
  return e != hipSuccess ? e : __LOOM_HIP(cudaStreamSynchronize(s));
}
/* The driver-style copies of HIP's runtime API. */
static __inline__ __host__ hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void *src, size_t n) {
  return __LOOM_HIP(cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice));
}
static __inline__ __host__ hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t n) {
  return __LOOM_HIP(cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost));
}
static __inline__ __host__ hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n) {
  return __LOOM_HIP(cudaMemcpy(dst, src, n, cudaMemcpyDeviceToDevice));
}
static __inline__ __host__ hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, const void *src, size_t n,
                                                         hipStream_t s) {
  return __LOOM_HIP(cudaMemcpyAsync(dst, src, n, cudaMemcpyHostToDevice, s));
}
static __inline__ __host__ hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t n,
                                                         hipStream_t s) {
  return __LOOM_HIP(cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToHost, s));
}
static __inline__ __host__ hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n,
                                                         hipStream_t s) {
  return __LOOM_HIP(cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, s));
}
static __inline__ __host__ hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                                  size_t w, size_t h, hipMemcpyKind k) {
  return __LOOM_HIP(cudaMemcpy2D(dst, dpitch, src, spitch, w, h, __loom_hip_kind(k)));
}
static __inline__ __host__ hipError_t hipMemcpyPeer(void *dst, int dd, const void *src, int sd, size_t n) {
  return __LOOM_HIP(cudaMemcpyPeer(dst, dd, src, sd, n));
}
static __inline__ __host__ hipError_t hipMemcpyPeerAsync(void *dst, int dd, const void *src, int sd,
                                                         size_t n, hipStream_t s = 0) {
  return __LOOM_HIP(cudaMemcpyPeerAsync(dst, dd, src, sd, n, s));
}
static __inline__ __host__ hipError_t hipMemset(void *p, int v, size_t n) { return __LOOM_HIP(cudaMemset(p, v, n)); }
static __inline__ __host__ hipError_t hipMemsetAsync(void *p, int v, size_t n, hipStream_t s = 0) {
  return __LOOM_HIP(cudaMemsetAsync(p, v, n, s));
}
static __inline__ __host__ hipError_t hipMemsetD8(hipDeviceptr_t p, unsigned char v, size_t n) {
  return __LOOM_HIP(cudaMemset(p, v, n));
}
static __inline__ __host__ hipError_t hipMemsetD32(hipDeviceptr_t p, int v, size_t n) {
  if (n && !p)
    return hipErrorInvalidValue;
  hipError_t e = __LOOM_HIP(cudaDeviceSynchronize());
  for (size_t i = 0; e == hipSuccess && i < n; ++i)
    ((int *)p)[i] = v; /* Loom's device memory is host memory */
  return e;
}
static __inline__ __host__ hipError_t hipMemPrefetchAsync(const void *p, size_t n, int device,
                                                          hipStream_t s = 0) {
  return __LOOM_HIP(cudaMemPrefetchAsync(p, n, device, s));
}

/* Symbols: HIP_SYMBOL(x) names the variable itself, as on HIP's NVIDIA platform. */
#define HIP_SYMBOL(X) X
template <class T>
static __inline__ __host__ hipError_t hipMemcpyToSymbol(const T &symbol, const void *src, size_t n,
                                                        size_t offset = 0,
                                                        hipMemcpyKind k = hipMemcpyHostToDevice) {
  return __LOOM_HIP(cudaMemcpyToSymbol(symbol, src, n, offset, __loom_hip_kind(k)));
}
template <class T>
static __inline__ __host__ hipError_t hipMemcpyFromSymbol(void *dst, const T &symbol, size_t n,
                                                          size_t offset = 0,
                                                          hipMemcpyKind k = hipMemcpyDeviceToHost) {
  return __LOOM_HIP(cudaMemcpyFromSymbol(dst, symbol, n, offset, __loom_hip_kind(k)));
}
template <class T>
static __inline__ __host__ hipError_t hipMemcpyToSymbolAsync(const T &symbol, const void *src, size_t n,
                                                             size_t offset, hipMemcpyKind k,
                                                             hipStream_t s = 0) {
  return __LOOM_HIP(cudaMemcpyToSymbolAsync(symbol, src, n, offset, __loom_hip_kind(k), s));
}
template <class T>
static __inline__ __host__ hipError_t hipMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t n,
                                                               size_t offset, hipMemcpyKind k,
                                                               hipStream_t s = 0) {
  return __LOOM_HIP(cudaMemcpyFromSymbolAsync(dst, symbol, n, offset, __loom_hip_kind(k), s));
}
template <class T>
static __inline__ __host__ hipError_t hipGetSymbolAddress(void **p, const T &symbol) {
  return __LOOM_HIP(cudaGetSymbolAddress(p, symbol));
}
template <class T>
static __inline__ __host__ hipError_t hipGetSymbolSize(size_t *n, const T &symbol) {
  return __LOOM_HIP(cudaGetSymbolSize(n, symbol));
}

/* ----------------------------------------------------------- streams, events */

static __inline__ __host__ hipError_t hipStreamCreate(hipStream_t *s) { return __LOOM_HIP(cudaStreamCreate(s)); }
static __inline__ __host__ hipError_t hipStreamCreateWithFlags(hipStream_t *s, unsigned flags) {
  return __LOOM_HIP(cudaStreamCreateWithFlags(s, flags));
}
static __inline__ __host__ hipError_t hipStreamCreateWithPriority(hipStream_t *s, unsigned flags, int prio) {
  return __LOOM_HIP(cudaStreamCreateWithPriority(s, flags, prio));
}
static __inline__ __host__ hipError_t hipDeviceGetStreamPriorityRange(int *least, int *greatest) {
  return __LOOM_HIP(cudaDeviceGetStreamPriorityRange(least, greatest));
}
static __inline__ __host__ hipError_t hipStreamDestroy(hipStream_t s) { return __LOOM_HIP(cudaStreamDestroy(s)); }
static __inline__ __host__ hipError_t hipStreamSynchronize(hipStream_t s) { return __LOOM_HIP(cudaStreamSynchronize(s)); }
static __inline__ __host__ hipError_t hipStreamQuery(hipStream_t s) { return __LOOM_HIP(cudaStreamQuery(s)); }
static __inline__ __host__ hipError_t hipStreamWaitEvent(hipStream_t s, hipEvent_t e, unsigned flags = 0) {
  return __LOOM_HIP(cudaStreamWaitEvent(s, e, flags));
}
static __inline__ __host__ hipError_t hipStreamGetFlags(hipStream_t s, unsigned *flags) {
  return __LOOM_HIP(cudaStreamGetFlags(s, flags));
}
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);
struct __loom_hip_callback {
  hipStreamCallback_t fn;
  void *data;
};
static void __loom_hip_callback_trampoline(cudaStream_t s, cudaError_t e, void *p) {
  __loom_hip_callback c = *(__loom_hip_callback *)p;
  delete (__loom_hip_callback *)p;
  c.fn(s, (hipError_t)e, c.data);
}
static __inline__ __host__ hipError_t hipStreamAddCallback(hipStream_t s, hipStreamCallback_t fn,
                                                           void *data, unsigned flags) {
  __loom_hip_callback *c = new __loom_hip_callback{fn, data};
  hipError_t e = __LOOM_HIP(cudaStreamAddCallback(s, __loom_hip_callback_trampoline, c, flags));
  if (e != hipSuccess)
    delete c;
  return e;
}
typedef cudaHostFn_t hipHostFn_t;
static __inline__ __host__ hipError_t hipLaunchHostFunc(hipStream_t s, hipHostFn_t fn, void *data) {
  return __LOOM_HIP(cudaLaunchHostFunc(s, fn, data));
}

static __inline__ __host__ hipError_t hipEventCreate(hipEvent_t *e) { return __LOOM_HIP(cudaEventCreate(e)); }
static __inline__ __host__ hipError_t hipEventCreateWithFlags(hipEvent_t *e, unsigned flags) {
  return __LOOM_HIP(cudaEventCreateWithFlags(e, flags));
}
static __inline__ __host__ hipError_t hipEventRecord(hipEvent_t e, hipStream_t s = 0) {
  return __LOOM_HIP(cudaEventRecord(e, s));
}
static __inline__ __host__ hipError_t hipEventSynchronize(hipEvent_t e) { return __LOOM_HIP(cudaEventSynchronize(e)); }
static __inline__ __host__ hipError_t hipEventQuery(hipEvent_t e) { return __LOOM_HIP(cudaEventQuery(e)); }
static __inline__ __host__ hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  return __LOOM_HIP(cudaEventElapsedTime(ms, start, stop));
}
static __inline__ __host__ hipError_t hipEventDestroy(hipEvent_t e) { return __LOOM_HIP(cudaEventDestroy(e)); }

/* ------------------------------------------------------------------ launches */

static __inline__ __host__ hipError_t hipLaunchKernel(const void *f, dim3 grid, dim3 block, void **args,
                                                      size_t shmem, hipStream_t s) {
  return __LOOM_HIP(cudaLaunchKernel(f, grid, block, args, shmem, s));
}
template <class T>
static __inline__ __host__ hipError_t hipLaunchKernel(T *f, dim3 grid, dim3 block, void **args,
                                                      size_t shmem, hipStream_t s) {
  return __LOOM_HIP(cudaLaunchKernel((const void *)f, grid, block, args, shmem, s));
}
template <class T>
static __inline__ __host__ hipError_t hipLaunchCooperativeKernel(T *f, dim3 grid, dim3 block, void **args,
                                                                 unsigned shmem, hipStream_t s) {
  return __LOOM_HIP(cudaLaunchCooperativeKernel((const void *)f, grid, block, args, shmem, s));
}
template <class T>
static __inline__ __host__ hipError_t hipFuncGetAttributes(hipFuncAttributes *a, T *f) {
  return __LOOM_HIP(cudaFuncGetAttributes(a, (const void *)f));
}
template <class T>
static __inline__ __host__ hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, T f,
                                                                        size_t shmem = 0, int limit = 0) {
  return __LOOM_HIP(cudaOccupancyMaxPotentialBlockSize(gridSize, blockSize, f, shmem, limit));
}
template <class T>
static __inline__ __host__ hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int block,
                                                                                   size_t shmem) {
  return __LOOM_HIP(cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, f, block, shmem));
}

/* hipLaunchKernelGGL(kernel, grid, block, dynamic shared bytes, stream,
 * arguments...): the triple-chevron launch it stands for. A template kernel
 * whose arguments hold commas is named with HIP_KERNEL_NAME(k<A, B>). */
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...)              \
  do {                                                                                             \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);             \
  } while (0)

/* ---------------------------------------------------------------- profiler */

static __inline__ __host__ hipError_t hipProfilerStart(void) { return __LOOM_HIP(cudaProfilerStart()); }
static __inline__ __host__ hipError_t hipProfilerStop(void) { return __LOOM_HIP(cudaProfilerStop()); }

#endif /* LOOM_HIP_RUNTIME_API_H */
