// Array.cpp - CUDA arrays: allocation, queries and the copies to, from and between arrays.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "api/Transfer.h"
#include "core/Runtime.h"
#include "memory/Array.h"
#include "support/ApiError.h"

using loom::Runtime;
using loom::ArrayView;
using loom::recordError;
using loom::why;

namespace {

cudaError_t lookup(cudaArray_const_t A, ArrayView *View) {
  if (!A)
    return loom::failWith(cudaErrorInvalidValue, "array is null");
  if (Runtime::get().arrays().view(A, View))
    return cudaSuccess;
  return loom::failWith(cudaErrorInvalidResourceHandle, "array %p is not a live CUDA array",
                        static_cast<const void *>(A));
}

/// The address of byte \p WOffset of row \p HOffset of an array's first
/// slice, for a Width x Height byte window that must fit in the slice.
cudaError_t window(const ArrayView &V, size_t WOffset, size_t HOffset, size_t Width,
                   size_t Height, unsigned char **Out) {
  if (WOffset > V.rowBytes() || Width > V.rowBytes() - WOffset || HOffset > V.Height ||
      Height > V.Height - HOffset)
    return loom::failWith(cudaErrorInvalidValue,
                          "window of %zux%zu bytes at (%zu, %zu) exceeds array rows of %zu bytes "
                          "x %zu rows", Width, Height, WOffset, HOffset, V.rowBytes(), V.Height);
  *Out = V.Base + HOffset * V.rowBytes() + WOffset;
  return cudaSuccess;
}

/// The address of a Count-byte run starting at (WOffset, HOffset) that
/// continues into the following rows (the deprecated 1D array copies).
cudaError_t linear(const ArrayView &V, size_t WOffset, size_t HOffset, size_t Count,
                   unsigned char **Out) {
  if (WOffset > V.rowBytes() || HOffset > V.Height * V.Depth)
    return loom::failWith(cudaErrorInvalidValue,
                          "offset (%zu bytes, row %zu) is outside the array (rows of %zu bytes, "
                          "%zu rows)", WOffset, HOffset, V.rowBytes(), V.Height * V.Depth);
  size_t Offset = HOffset * V.rowBytes() + WOffset;
  if (Offset > V.totalBytes() || Count > V.totalBytes() - Offset)
    return loom::failWith(cudaErrorInvalidValue,
                          "%zu bytes at byte offset %zu exceed the array's %zu bytes", Count,
                          Offset, V.totalBytes());
  *Out = V.Base + Offset;
  return cudaSuccess;
}

cudaError_t copy2DToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset, const void *Src,
                          size_t SrcPitch, size_t Width, size_t Height, cudaMemcpyKind Kind,
                          cudaStream_t Stream, bool Async) {
  ArrayView V;
  if (cudaError_t Error = lookup(Dst, &V))
    return Error;
  unsigned char *To;
  if (cudaError_t Error = window(V, WOffset, HOffset, Width, Height, &To))
    return Error;
  return loom::submitCopy(To, V.rowBytes(), Src, SrcPitch, Width, Height, Kind, Stream, Async,
                          loom::TrustDst);
}

cudaError_t copy2DFromArray(void *Dst, size_t DstPitch, cudaArray_const_t Src, size_t WOffset,
                            size_t HOffset, size_t Width, size_t Height, cudaMemcpyKind Kind,
                            cudaStream_t Stream, bool Async) {
  ArrayView V;
  if (cudaError_t Error = lookup(Src, &V))
    return Error;
  unsigned char *From;
  if (cudaError_t Error = window(V, WOffset, HOffset, Width, Height, &From))
    return Error;
  return loom::submitCopy(Dst, DstPitch, From, V.rowBytes(), Width, Height, Kind, Stream,
                          Async, loom::TrustSrc);
}

cudaError_t copyToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset, const void *Src,
                        size_t Count, cudaMemcpyKind Kind, cudaStream_t Stream, bool Async) {
  ArrayView V;
  if (cudaError_t Error = lookup(Dst, &V))
    return Error;
  unsigned char *To;
  if (cudaError_t Error = linear(V, WOffset, HOffset, Count, &To))
    return Error;
  return loom::submitCopy(To, Count, Src, Count, Count, 1, Kind, Stream, Async, loom::TrustDst);
}

cudaError_t copyFromArray(void *Dst, cudaArray_const_t Src, size_t WOffset, size_t HOffset,
                          size_t Count, cudaMemcpyKind Kind, cudaStream_t Stream, bool Async) {
  ArrayView V;
  if (cudaError_t Error = lookup(Src, &V))
    return Error;
  unsigned char *From;
  if (cudaError_t Error = linear(V, WOffset, HOffset, Count, &From))
    return Error;
  return loom::submitCopy(Dst, Count, From, Count, Count, 1, Kind, Stream, Async, loom::TrustSrc);
}

} // namespace

extern "C" {

struct cudaChannelFormatDesc cudaCreateChannelDesc(int X, int Y, int Z, int W,
                                                   enum cudaChannelFormatKind F) {
  cudaChannelFormatDesc Desc;
  Desc.x = X;
  Desc.y = Y;
  Desc.z = Z;
  Desc.w = W;
  Desc.f = F;
  return Desc;
}

cudaError_t cudaMalloc3DArray(cudaArray_t *Array, const struct cudaChannelFormatDesc *Desc,
                              struct cudaExtent Extent, unsigned int Flags) {
  if (!Array || !Desc)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Array ? "Array" : "Desc"));
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  return recordError(Runtime::get().arrays().create(*Desc, Extent, Flags, Array));
}

cudaError_t cudaMallocArray(cudaArray_t *Array, const struct cudaChannelFormatDesc *Desc,
                            size_t Width, size_t Height, unsigned int Flags) {
  if (Flags & (cudaArrayLayered | cudaArrayCubemap))
    return recordError(cudaErrorInvalidValue,
                       why("flags %#x ask for a layered or cubemap array, which needs "
                           "cudaMalloc3DArray", Flags)); // those need cudaMalloc3DArray
  return cudaMalloc3DArray(Array, Desc, cudaExtent{Width, Height, 0}, Flags);
}

cudaError_t cudaFreeArray(cudaArray_t Array) {
  if (!Array)
    return cudaSuccess;
  loom::Runtime::get().scheduler().waitAll(); // pending copies may still use it
  return recordError(Runtime::get().arrays().destroy(Array));
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *Desc, struct cudaExtent *Extent,
                             unsigned int *Flags, cudaArray_t Array) {
  ArrayView V;
  if (cudaError_t Error = lookup(Array, &V))
    return recordError(Error);
  if (Desc)
    *Desc = Array->Desc;
  if (Extent)
    *Extent = Array->Extent;
  if (Flags)
    *Flags = Array->Flags;
  return cudaSuccess;
}

cudaError_t cudaMemcpyToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset, const void *Src,
                              size_t Count, enum cudaMemcpyKind Kind) {
  return recordError(copyToArray(Dst, WOffset, HOffset, Src, Count, Kind, nullptr, false));
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                                   const void *Src, size_t Count, enum cudaMemcpyKind Kind,
                                   cudaStream_t Stream) {
  return recordError(copyToArray(Dst, WOffset, HOffset, Src, Count, Kind, Stream, true));
}

cudaError_t cudaMemcpyFromArray(void *Dst, cudaArray_const_t Src, size_t WOffset,
                                size_t HOffset, size_t Count, enum cudaMemcpyKind Kind) {
  return recordError(copyFromArray(Dst, Src, WOffset, HOffset, Count, Kind, nullptr, false));
}

cudaError_t cudaMemcpyFromArrayAsync(void *Dst, cudaArray_const_t Src, size_t WOffset,
                                     size_t HOffset, size_t Count, enum cudaMemcpyKind Kind,
                                     cudaStream_t Stream) {
  return recordError(copyFromArray(Dst, Src, WOffset, HOffset, Count, Kind, Stream, true));
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                                const void *Src, size_t SrcPitch, size_t Width, size_t Height,
                                enum cudaMemcpyKind Kind) {
  return recordError(copy2DToArray(Dst, WOffset, HOffset, Src, SrcPitch, Width, Height, Kind,
                                   nullptr, false));
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                                     const void *Src, size_t SrcPitch, size_t Width,
                                     size_t Height, enum cudaMemcpyKind Kind,
                                     cudaStream_t Stream) {
  return recordError(copy2DToArray(Dst, WOffset, HOffset, Src, SrcPitch, Width, Height, Kind,
                                   Stream, true));
}

cudaError_t cudaMemcpy2DFromArray(void *Dst, size_t DstPitch, cudaArray_const_t Src,
                                  size_t WOffset, size_t HOffset, size_t Width, size_t Height,
                                  enum cudaMemcpyKind Kind) {
  return recordError(copy2DFromArray(Dst, DstPitch, Src, WOffset, HOffset, Width, Height, Kind,
                                     nullptr, false));
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *Dst, size_t DstPitch, cudaArray_const_t Src,
                                       size_t WOffset, size_t HOffset, size_t Width,
                                       size_t Height, enum cudaMemcpyKind Kind,
                                       cudaStream_t Stream) {
  return recordError(copy2DFromArray(Dst, DstPitch, Src, WOffset, HOffset, Width, Height, Kind,
                                     Stream, true));
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t Dst, size_t WOffsetDst, size_t HOffsetDst,
                                     cudaArray_const_t Src, size_t WOffsetSrc,
                                     size_t HOffsetSrc, size_t Width, size_t Height,
                                     enum cudaMemcpyKind Kind) {
  ArrayView D, S;
  if (cudaError_t Error = lookup(Dst, &D))
    return recordError(Error);
  if (cudaError_t Error = lookup(Src, &S))
    return recordError(Error);
  unsigned char *To, *From;
  if (cudaError_t Error = window(D, WOffsetDst, HOffsetDst, Width, Height, &To))
    return recordError(Error);
  if (cudaError_t Error = window(S, WOffsetSrc, HOffsetSrc, Width, Height, &From))
    return recordError(Error);
  return recordError(loom::submitCopy(To, D.rowBytes(), From, S.rowBytes(), Width, Height, Kind,
                                      nullptr, false, loom::TrustDst | loom::TrustSrc));
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t Dst, size_t WOffsetDst, size_t HOffsetDst,
                                   cudaArray_const_t Src, size_t WOffsetSrc, size_t HOffsetSrc,
                                   size_t Count, enum cudaMemcpyKind Kind) {
  ArrayView D, S;
  if (cudaError_t Error = lookup(Dst, &D))
    return recordError(Error);
  if (cudaError_t Error = lookup(Src, &S))
    return recordError(Error);
  unsigned char *To, *From;
  if (cudaError_t Error = linear(D, WOffsetDst, HOffsetDst, Count, &To))
    return recordError(Error);
  if (cudaError_t Error = linear(S, WOffsetSrc, HOffsetSrc, Count, &From))
    return recordError(Error);
  return recordError(
      loom::submitCopy(To, Count, From, Count, Count, 1, Kind, nullptr, false,
                       loom::TrustDst | loom::TrustSrc));
}

} // extern "C"
