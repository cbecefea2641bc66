// Array.cpp - creation, validation and lookup of CUDA arrays.
// SPDX-License-Identifier: Apache-2.0
#include "memory/Array.h"

#include "support/ApiError.h"

#include <cstdlib>

namespace loom {

namespace {
constexpr size_t StorageAlignment = 256;

bool mulOverflows(size_t A, size_t B, size_t *Out) { return __builtin_mul_overflow(A, B, Out); }
} // namespace

size_t channelElementSize(const cudaChannelFormatDesc &Desc) {
  if (Desc.f != cudaChannelFormatKindSigned && Desc.f != cudaChannelFormatKindUnsigned &&
      Desc.f != cudaChannelFormatKindFloat)
    return 0;
  const int Bits[4] = {Desc.x, Desc.y, Desc.z, Desc.w};
  int Channels = 0;
  for (int I = 0; I < 4; ++I) {
    if (Bits[I] == 0)
      break;
    if (Bits[I] != Bits[0])
      return 0;
    ++Channels;
  }
  for (int I = Channels; I < 4; ++I)
    if (Bits[I] != 0)
      return 0; // a gap between channels
  if (Channels == 0 || Channels == 3)
    return 0; // CUDA arrays have 1, 2 or 4 channels
  if (Bits[0] != 8 && Bits[0] != 16 && Bits[0] != 32)
    return 0;
  if (Desc.f == cudaChannelFormatKindFloat && Bits[0] == 8)
    return 0;
  return size_t(Bits[0] / 8) * Channels;
}

cudaError_t ArrayTable::create(const cudaChannelFormatDesc &Desc, cudaExtent Extent,
                               unsigned Flags, cudaArray_t *Out) {
  constexpr unsigned Known = cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap |
                             cudaArrayTextureGather | cudaArrayColorAttachment |
                             cudaArraySparse | cudaArrayDeferredMapping;
  if (!Out || (Flags & ~Known))
    return failWith(cudaErrorInvalidValue,
                    "array output pointer %p is null or flags %#x has unknown bits",
                    static_cast<void *>(Out), Flags);
  if (Flags & (cudaArraySparse | cudaArrayDeferredMapping | cudaArrayColorAttachment))
    return failWith(cudaErrorNotSupported,
                    "array flags %#x ask for sparse, deferred-mapping or color-attachment arrays, "
                    "which Loom does not support", Flags);
  size_t ElementSize = channelElementSize(Desc);
  if (!ElementSize)
    return failWith(cudaErrorInvalidChannelDescriptor,
                    "channel format (%d,%d,%d,%d kind %d) is invalid", Desc.x, Desc.y, Desc.z,
                    Desc.w, int(Desc.f));
  bool Layered = Flags & cudaArrayLayered;
  if (Extent.width == 0)
    return failWith(cudaErrorInvalidValue, "array extent width is 0 (extent %zux%zux%zu)",
                    Extent.width, Extent.height, Extent.depth);
  if (Layered ? Extent.depth == 0 : (Extent.height == 0 && Extent.depth != 0))
    return failWith(cudaErrorInvalidValue,
                    "array extent %zux%zux%zu is not a valid shape for flags %#x", Extent.width,
                    Extent.height, Extent.depth, Flags);
  if (Flags & cudaArrayCubemap) {
    if (Extent.width != Extent.height || Extent.depth == 0 ||
        (Layered ? Extent.depth % 6 != 0 : Extent.depth != 6))
      return failWith(cudaErrorInvalidValue,
                      "cubemap extent %zux%zux%zu must be square with depth 6 (or a multiple of 6 "
                      "when layered)", Extent.width, Extent.height, Extent.depth);
  }
  if ((Flags & cudaArrayTextureGather) && (Extent.height == 0 || Extent.depth != 0))
    return failWith(cudaErrorInvalidValue, "a texture-gather array must be 2D; extent %zux%zux%zu",
                    Extent.width, Extent.height, Extent.depth);
  size_t Rows = Extent.height ? Extent.height : 1;
  size_t Slices = Extent.depth ? Extent.depth : 1;
  size_t Bytes;
  if (mulOverflows(Extent.width, ElementSize, &Bytes) || mulOverflows(Bytes, Rows, &Bytes) ||
      mulOverflows(Bytes, Slices, &Bytes) || Bytes > SIZE_MAX - StorageAlignment)
    return failWith(cudaErrorMemoryAllocation,
                    "array of %zux%zux%zu elements of %zu bytes overflows the address space",
                    Extent.width, Extent.height, Extent.depth, ElementSize);
  size_t Rounded = (Bytes + StorageAlignment - 1) / StorageAlignment * StorageAlignment;
  void *Storage = std::aligned_alloc(StorageAlignment, Rounded);
  if (!Storage)
    return failWith(cudaErrorMemoryAllocation, "out of host memory for an array of %zu bytes",
                    Rounded);
  *Out = Live.insert(std::unique_ptr<cudaArray>(
      new cudaArray{Desc, Extent, Flags, ElementSize, static_cast<unsigned char *>(Storage)}));
  return cudaSuccess;
}

cudaError_t ArrayTable::destroy(cudaArray_t A) {
  if (Live.destroy(A))
    return cudaSuccess;
  return failWith(cudaErrorInvalidResourceHandle, "array %p is not a live CUDA array",
                  static_cast<void *>(A));
}

bool ArrayTable::view(cudaArray_const_t A, ArrayView *Out) {
  return Live.with(A, [&](const cudaArray &Array) {
    Out->Base = Array.Base;
    Out->ElementSize = Array.ElementSize;
    Out->Width = Array.Extent.width;
    Out->Height = Array.Extent.height ? Array.Extent.height : 1;
    Out->Depth = Array.Extent.depth ? Array.Extent.depth : 1;
    Out->Layers = (Array.Flags & cudaArrayLayered) ? Array.Extent.depth : 0;
    Out->Desc = Array.Desc;
    Out->Flags = Array.Flags;
  });
}

void ArrayTable::releaseAll() { Live.destroyAll(); }

} // namespace loom
