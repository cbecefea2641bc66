// Texture.cpp - the texture object and texture reference API, and __cudaRegisterTexture.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Runtime.h"
#include "scheduler/Scheduler.h"
#include "memory/Allocator.h"
#include "memory/Array.h"
#include "support/ApiError.h"
#include "texture/Texture.h"

#include <algorithm>
#include <cstring>

using loom::recordError;
using loom::why;
using loom::TextureRecord;
using loom::Runtime;

namespace {

/// A linear binding may not read past the allocation holding \p DevPtr
/// (cudaBindTexture's default size is UINT_MAX).
size_t clampToAllocation(const void *DevPtr, size_t Size) {
  loom::Allocation A;
  if (!loom::Runtime::get().allocator().find(DevPtr, &A))
    return Size;
  size_t Left = A.Base + A.Size - reinterpret_cast<uintptr_t>(DevPtr);
  return std::min(Size, Left);
}

} // namespace

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc) {
  if (!pTexObject || !pResDesc || !pTexDesc)
    return recordError(cudaErrorInvalidValue,
                       why("%s is null", !pTexObject ? "pTexObject"
                                         : !pResDesc  ? "pResDesc"
                                                      : "pTexDesc"));
  if (pResViewDesc) {
    // Resource views are not implemented; an empty one changes nothing.
    const cudaResourceViewDesc &V = *pResViewDesc;
    if (V.format != cudaResViewFormatNone || V.firstMipmapLevel || V.lastMipmapLevel ||
        V.firstLayer || V.lastLayer)
      return recordError(cudaErrorNotSupported,
                         why("resource views (format %d, mip levels %u..%u, layers %u..%u) are "
                             "not supported", int(V.format), V.firstMipmapLevel, V.lastMipmapLevel,
                             V.firstLayer, V.lastLayer));
  }
  return recordError(Runtime::get().textures().create(*pResDesc, *pTexDesc, pTexObject));
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int numLevels,
                                     unsigned int flags) {
  if (!mipmappedArray || !desc)
    return recordError(cudaErrorInvalidValue,
                       why("%s is null", !mipmappedArray ? "mipmappedArray" : "desc"));
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  return recordError(Runtime::get().textures().createMipmapped(*desc, extent, numLevels, flags,
                                                               mipmappedArray));
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                                       cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level) {
  if (!levelArray)
    return recordError(cudaErrorInvalidValue, why("levelArray is null"));
  return recordError(Runtime::get().textures().mipmappedLevel(mipmappedArray, level, levelArray));
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray) {
  if (!mipmappedArray)
    return cudaSuccess; // as cudaFreeArray(0)
  Runtime::get().scheduler().waitAll(); // kernels may still sample it
  return recordError(Runtime::get().textures().destroyMipmapped(mipmappedArray));
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  if (texObject == 0)
    return cudaSuccess;
  // Kernels launched before the destroy may still sample the object (CUDA's
  // samples destroy right after an asynchronous launch, and a GPU keeps the
  // descriptor until they finish): the destroy waits for queued work, as
  // cudaFree does.
  Runtime::get().scheduler().waitAll();
  return recordError(Runtime::get().textures().destroy(texObject));
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject) {
  TextureRecord R;
  if (!pResDesc || !Runtime::get().textures().lookup(texObject, &R))
    return recordError(cudaErrorInvalidValue,
                       why("pResDesc %p is null or texture object %#llx is not live",
                           static_cast<void *>(pResDesc),
                           static_cast<unsigned long long>(texObject)));
  *pResDesc = R.Res;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject) {
  TextureRecord R;
  if (!pTexDesc || !Runtime::get().textures().lookup(texObject, &R))
    return recordError(cudaErrorInvalidValue,
                       why("pTexDesc %p is null or texture object %#llx is not live",
                           static_cast<void *>(pTexDesc),
                           static_cast<unsigned long long>(texObject)));
  *pTexDesc = R.Tex;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject) {
  TextureRecord R;
  if (!pResViewDesc || !Runtime::get().textures().lookup(texObject, &R))
    return recordError(cudaErrorInvalidValue,
                       why("pResViewDesc %p is null or texture object %#llx is not live",
                           static_cast<void *>(pResViewDesc),
                           static_cast<unsigned long long>(texObject)));
  std::memset(pResViewDesc, 0, sizeof(*pResViewDesc));
  return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array) {
  if (!desc || !array)
    return recordError(cudaErrorInvalidValue, why("%s is null", !desc ? "desc" : "array"));
  loom::ArrayView V;
  if (!loom::Runtime::get().arrays().view(array, &V))
    return recordError(cudaErrorInvalidResourceHandle,
                       why("array %p is not a live CUDA array", static_cast<const void *>(array)));
  *desc = V.Desc;
  return cudaSuccess;
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size) {
  if (!texref)
    return recordError(cudaErrorInvalidTexture, why("texref is null"));
  if (!devPtr || !desc)
    return recordError(cudaErrorInvalidValue, why("%s is null", !devPtr ? "devPtr" : "desc"));
  if (offset)
    *offset = 0; // Loom has no texture alignment requirement
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypeLinear;
  Res.res.linear.devPtr = const_cast<void *>(devPtr);
  Res.res.linear.desc = *desc;
  Res.res.linear.sizeInBytes = clampToAllocation(devPtr, size);
  return recordError(Runtime::get().textures().bindReference(texref, Res));
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch) {
  if (!texref)
    return recordError(cudaErrorInvalidTexture, why("texref is null"));
  if (!devPtr || !desc)
    return recordError(cudaErrorInvalidValue, why("%s is null", !devPtr ? "devPtr" : "desc"));
  if (offset)
    *offset = 0;
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypePitch2D;
  Res.res.pitch2D.devPtr = const_cast<void *>(devPtr);
  Res.res.pitch2D.desc = *desc;
  Res.res.pitch2D.width = width;
  Res.res.pitch2D.height = height;
  Res.res.pitch2D.pitchInBytes = pitch;
  return recordError(Runtime::get().textures().bindReference(texref, Res));
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *) {
  // The array's own format is used (CUDA requires the two to agree).
  if (!texref)
    return recordError(cudaErrorInvalidTexture, why("texref is null"));
  if (!array)
    return recordError(cudaErrorInvalidValue, why("array is null"));
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypeArray;
  Res.res.array.array = const_cast<cudaArray_t>(array);
  return recordError(Runtime::get().textures().bindReference(texref, Res));
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref) {
  if (!texref)
    return recordError(cudaErrorInvalidTexture, why("texref is null"));
  return recordError(Runtime::get().textures().unbindReference(texref));
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref) {
  if (!offset)
    return recordError(cudaErrorInvalidValue, why("offset is null"));
  if (!texref || !Runtime::get().textures().isReference(texref))
    return recordError(cudaErrorInvalidTexture,
                       why("texture reference %p is null or not registered by any module",
                           static_cast<const void *>(texref)));
  *offset = 0;
  return cudaSuccess;
}

cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol) {
  if (!texref)
    return recordError(cudaErrorInvalidValue, why("texref is null"));
  if (!symbol || !Runtime::get().textures().isReference(symbol))
    return recordError(cudaErrorInvalidTexture,
                       why("symbol %p is null or not a registered texture reference",
                           static_cast<const void *>(symbol)));
  *texref = static_cast<const textureReference *>(symbol);
  return cudaSuccess;
}

void __cudaRegisterTexture(void **fatCubinHandle, const struct textureReference *hostVar,
                           const void **, const char *deviceName, int dim, int norm, int) {
  Runtime::get().textures().registerReference(fatCubinHandle, hostVar, deviceName, dim, norm);
}

} // extern "C"
