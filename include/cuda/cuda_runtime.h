/* cuda_runtime.h - the CUDA runtime header programs include: types, API and C++ conveniences.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Includes the C API and adds the C++ templates CUDA offers on top of it
 * (typed cudaMalloc, kernel-pointer overloads, symbol references). In clang's
 * CUDA mode it ends with Loom's device-side runtime (threadIdx, math,
 * __syncthreads, atomics), as nvcc's implicit include does.
 */
#ifndef LOOM_CUDA_RUNTIME_H
#define LOOM_CUDA_RUNTIME_H
/* The toolkit header's guard: programs test it (e.g. helper_cuda.h). */
#define __CUDA_RUNTIME_H__

#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "driver_types.h"
#include "driver_functions.h"
#include "cuda_runtime_api.h"

#if defined(__cplusplus)

template <class T>
static __inline__ __host__ __device__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                      unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}

static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                                      unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                     unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch,
                                                       size_t width, size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                       cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                       cudaMemPool_t memPool,
                                                       cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)devPtr, size, memPool, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                                               cudaMemPool_t memPool,
                                                               cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                                                unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}

static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                       unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaLaunchKernel(const T *func, dim3 gridDim,
                                                        dim3 blockDim, void **args,
                                                        size_t sharedMem = 0,
                                                        cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem,
                            stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchCooperativeKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args,
                            size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args,
                                       sharedMem, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                                             T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}

template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetAttribute(T *entry,
                                                            enum cudaFuncAttribute attr,
                                                            int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}

template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetCacheConfig(T *func,
                                                              enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind,
                                   stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind,
                                     stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}

template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func,
                                                         blockSize, dynamicSMemSize);
}

template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
  return ::__loomOccupancyMaxPotentialBlockSize(minGridSize, blockSize, (const void *)func,
                                                dynamicSMemSize, blockSizeLimit);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                            size_t dynamicSMemSize = 0,
                                            int blockSizeLimit = 0, unsigned int flags = 0) {
  (void)flags;
  return ::__loomOccupancyMaxPotentialBlockSize(minGridSize, blockSize, (const void *)func,
                                                dynamicSMemSize, blockSizeLimit);
}

/* cudaCreateChannelDesc<T>(): the channel format of an element type, as in
 * CUDA's channel_descriptor.h (unknown types give cudaChannelFormatKindNone). */
template <class T>
static __inline__ __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return ::cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

#define __LOOM_CHANNEL_DESC(T, X, Y, Z, W, KIND)                                           \
  template <>                                                                              \
  __inline__ __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) {        \
    return ::cudaCreateChannelDesc(X, Y, Z, W, KIND);                                      \
  }
#define __LOOM_CHANNEL_DESC_VEC(S, T, KIND)                                                \
  __LOOM_CHANNEL_DESC(T##1, S, 0, 0, 0, KIND)                                              \
  __LOOM_CHANNEL_DESC(T##2, S, S, 0, 0, KIND)                                              \
  __LOOM_CHANNEL_DESC(T##4, S, S, S, S, KIND)

#if defined(__CHAR_UNSIGNED__)
__LOOM_CHANNEL_DESC(char, 8, 0, 0, 0, cudaChannelFormatKindUnsigned)
#else
__LOOM_CHANNEL_DESC(char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
#endif
__LOOM_CHANNEL_DESC(signed char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC(unsigned char, 8, 0, 0, 0, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC(short, 16, 0, 0, 0, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC(unsigned short, 16, 0, 0, 0, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC(int, 32, 0, 0, 0, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC(unsigned int, 32, 0, 0, 0, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC(float, 32, 0, 0, 0, cudaChannelFormatKindFloat)
__LOOM_CHANNEL_DESC_VEC(8, char, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC_VEC(8, uchar, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC_VEC(16, short, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC_VEC(16, ushort, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC_VEC(32, int, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC_VEC(32, uint, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC_VEC(32, float, cudaChannelFormatKindFloat)
__LOOM_CHANNEL_DESC(char3, 8, 8, 8, 0, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC(uchar3, 8, 8, 8, 0, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC(short3, 16, 16, 16, 0, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC(ushort3, 16, 16, 16, 0, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC(int3, 32, 32, 32, 0, cudaChannelFormatKindSigned)
__LOOM_CHANNEL_DESC(uint3, 32, 32, 32, 0, cudaChannelFormatKindUnsigned)
__LOOM_CHANNEL_DESC(float3, 32, 32, 32, 0, cudaChannelFormatKindFloat)
#undef __LOOM_CHANNEL_DESC_VEC
#undef __LOOM_CHANNEL_DESC

/* CUDA 12.2's cudaMemAdvise_v2/cudaMemPrefetchAsync_v2, which are CUDA 13's
 * cudaMemAdvise/cudaMemPrefetchAsync: a cudaMemLocation instead of a device
 * ordinal (NVIDIA's current samples call them so). A host location is
 * cudaCpuDeviceId; an invalid one is refused by the ordinal form. */
static __inline__ __host__ int __loomLocationOrdinal(struct cudaMemLocation location) {
  switch (location.type) {
  case cudaMemLocationTypeDevice: return location.id;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma:
  case cudaMemLocationTypeHostNumaCurrent: return cudaCpuDeviceId;
  default: return cudaInvalidDeviceId;
  }
}
static __inline__ __host__ cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count,
                                                        enum cudaMemoryAdvise advice,
                                                        struct cudaMemLocation location) {
  return ::cudaMemAdvise(devPtr, count, advice, __loomLocationOrdinal(location));
}
static __inline__ __host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                                     enum cudaMemoryAdvise advice,
                                                     struct cudaMemLocation location) {
  return cudaMemAdvise_v2(devPtr, count, advice, location);
}
static __inline__ __host__ cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                                                               struct cudaMemLocation location,
                                                               unsigned int flags,
                                                               cudaStream_t stream = 0) {
  if (flags != 0)
    return ::cudaMemPrefetchAsync(devPtr, count, cudaInvalidDeviceId, stream);
  return ::cudaMemPrefetchAsync(devPtr, count, __loomLocationOrdinal(location), stream);
}
static __inline__ __host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                                            struct cudaMemLocation location,
                                                            unsigned int flags,
                                                            cudaStream_t stream = 0) {
  return cudaMemPrefetchAsync_v2(devPtr, count, location, flags, stream);
}

#endif /* __cplusplus */

/* Like NVIDIA's, this header does not include cuda.h: the driver API
 * (CUresult, cuMemGetInfo, __cuda_cuda_h__) is there only for programs that
 * include it. */
#if defined(__CUDA__)
#include "loom/__loom_device_runtime.h"
#endif

#endif /* LOOM_CUDA_RUNTIME_H */
