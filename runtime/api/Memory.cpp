// Memory.cpp - CUDA memory management API: allocation, copies, fills and pointer queries.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "api/Transfer.h"
#include "core/Devices.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "memory/Array.h"
#include "memory/MemPool.h"
#include "support/ApiError.h"

#include <algorithm>

using loom::AllocKind;
using loom::Allocator;
using loom::recordError;
using loom::why;
using loom::Runtime;

namespace {

cudaError_t allocate(void **Ptr, size_t Size, AllocKind Kind, unsigned Flags) {
  if (!Ptr)
    return loom::failWith(cudaErrorInvalidValue, "the result pointer is null (size %zu)", Size);
  if (cudaError_t Error = loom::stickyError())
    return Error;
  Runtime &R = Runtime::get();
  if (Kind != AllocKind::Device || loom::devices::count() == 1)
    return R.allocator().allocate(Size, Kind, Flags, Ptr);
  // LOOM_DEVICES=n: device memory is charged to the current device.
  int Device = 0;
  if (cudaError_t Error = loom::devices::reserve(Size, R.properties().totalGlobalMem, &Device))
    return Error;
  cudaError_t Error = R.allocator().allocate(Size, Kind, Flags, Ptr);
  if (Error == cudaSuccess)
    loom::devices::record(*Ptr, Size, Device);
  else
    loom::devices::unreserve(Size, Device);
  return Error;
}

/// cudaFree and cudaFreeHost synchronize the device first, as CUDA does: a
/// pending kernel may still use the memory.
cudaError_t freeSynchronously(void *Ptr, unsigned Kinds) {
  if (!Ptr)
    return cudaSuccess;
  Runtime &R = Runtime::get();
  R.scheduler().waitAll();
  cudaError_t Error = R.allocator().release(Ptr, Kinds);
  if (Error == cudaSuccess) {
    loom::Runtime::get().memPools().noteFree(Ptr);
    loom::devices::noteFree(Ptr);
  }
  return Error;
}

void releaseDeviceMemory(void *Ptr) {
  if (Runtime::get().allocator().release(Ptr, Allocator::bit(AllocKind::Device) |
                                                  Allocator::bit(AllocKind::Managed)) ==
      cudaSuccess) {
    loom::Runtime::get().memPools().noteFree(Ptr);
    loom::devices::noteFree(Ptr);
  }
}

size_t roundPitch(size_t Width) {
  return (Width + Allocator::Alignment - 1) / Allocator::Alignment * Allocator::Alignment;
}

/// One side of a cudaMemcpy3D: where the window starts and how it is laid out.
struct Side {
  unsigned char *Base;
  size_t Pitch, SlicePitch;
};

/// A linear (pitched) side; positions are in bytes.
cudaError_t pitchedSide(const cudaPitchedPtr &P, const cudaPos &Pos, size_t WidthBytes,
                        const cudaExtent &E, Side *Out) {
  if (P.pitch < WidthBytes)
    return loom::failWith(cudaErrorInvalidPitchValue,
                          "pitch %zu is less than the copy's row of %zu bytes", P.pitch,
                          WidthBytes);
  if (Pos.x > P.pitch - WidthBytes)
    return loom::failWith(cudaErrorInvalidValue,
                          "position x %zu bytes + row %zu bytes exceeds pitch %zu", Pos.x,
                          WidthBytes, P.pitch);
  // Slices are ysize rows apart; a copy that spans slices must fit in them.
  if ((E.depth > 1 || Pos.z > 0) && (Pos.y > P.ysize || E.height > P.ysize - Pos.y))
    return loom::failWith(cudaErrorInvalidValue,
                          "position y %zu + height %zu rows exceeds the slice's ysize %zu rows",
                          Pos.y, E.height, P.ysize);
  Out->Pitch = P.pitch;
  size_t Offset, RowOffset, Extent = WidthBytes, Span;
  if (__builtin_mul_overflow(P.pitch, P.ysize, &Out->SlicePitch) ||
      __builtin_mul_overflow(Pos.z, Out->SlicePitch, &Offset) ||
      __builtin_mul_overflow(Pos.y, P.pitch, &RowOffset) ||
      __builtin_add_overflow(Offset, RowOffset, &Offset) ||
      __builtin_add_overflow(Offset, Pos.x, &Offset))
    return loom::failWith(cudaErrorInvalidValue,
                          "position (%zu, %zu, %zu) in pitch %zu x ysize %zu overflows the "
                          "address space", Pos.x, Pos.y, Pos.z, P.pitch, P.ysize);
  Out->Base = static_cast<unsigned char *>(P.ptr) + Offset;
  // A window whose pointer is in an allocation stays in that allocation: a
  // position past its end must not make the window's start look like
  // untracked (pageable) host memory, which a host side would accept
  // (found by tests/fuzz/api).
  loom::Allocation A;
  if (loom::Runtime::get().allocator().find(P.ptr, &A)) {
    if ((E.height > 1 && (__builtin_mul_overflow(E.height - 1, P.pitch, &Span) ||
                          __builtin_add_overflow(Extent, Span, &Extent))) ||
        (E.depth > 1 && (__builtin_mul_overflow(E.depth - 1, Out->SlicePitch, &Span) ||
                         __builtin_add_overflow(Extent, Span, &Extent))) ||
        __builtin_add_overflow(Offset, Extent, &Extent) ||
        Extent > A.Base + A.Size - reinterpret_cast<uintptr_t>(P.ptr))
      return loom::failWith(cudaErrorInvalidValue,
                            "the window at position (%zu, %zu, %zu), extent %zux%zux%zu of %p "
                            "runs past its allocation at %p of %zu bytes",
                            Pos.x, Pos.y, Pos.z, WidthBytes, E.height, E.depth, P.ptr,
                            reinterpret_cast<void *>(A.Base), A.Size);
  }
  return cudaSuccess;
}

/// An array side; positions and the extent are in elements.
cudaError_t arraySide(const loom::ArrayView &V, const cudaPos &Pos, const cudaExtent &E,
                      Side *Out) {
  if (Pos.x > V.Width || E.width > V.Width - Pos.x || Pos.y > V.Height ||
      E.height > V.Height - Pos.y || Pos.z > V.Depth || E.depth > V.Depth - Pos.z)
    return loom::failWith(cudaErrorInvalidValue,
                          "array position (%zu, %zu, %zu) + extent (%zu, %zu, %zu) exceeds array "
                          "%zux%zux%zu", Pos.x, Pos.y, Pos.z, E.width, E.height, E.depth, V.Width,
                          V.Height, V.Depth);
  Out->Pitch = V.rowBytes();
  Out->SlicePitch = V.sliceBytes();
  Out->Base = static_cast<unsigned char *>(V.element(Pos.x, Pos.y, Pos.z));
  return cudaSuccess;
}

cudaError_t memcpy3D(const cudaMemcpy3DParms *P, cudaStream_t Stream, bool Async) {
  if (!P)
    return loom::failWith(cudaErrorInvalidValue, "cudaMemcpy3DParms pointer is null");
  if (P->kind < cudaMemcpyHostToHost || P->kind > cudaMemcpyDefault)
    return loom::failWith(cudaErrorInvalidMemcpyDirection, "kind %d is not a cudaMemcpyKind",
                          int(P->kind));
  // Each side is either an array or a pitched pointer, never both or none.
  if ((P->srcArray != nullptr) == (P->srcPtr.ptr != nullptr) ||
      (P->dstArray != nullptr) == (P->dstPtr.ptr != nullptr))
    return loom::failWith(cudaErrorInvalidValue,
                          "each side must be an array or a pointer, not both or none: src array "
                          "%p ptr %p, dst array %p ptr %p", static_cast<void *>(P->srcArray),
                          P->srcPtr.ptr, static_cast<void *>(P->dstArray), P->dstPtr.ptr);
  loom::ArrayView SrcView{}, DstView{};
  if (P->srcArray && !loom::Runtime::get().arrays().view(P->srcArray, &SrcView))
    return loom::failWith(cudaErrorInvalidResourceHandle, "srcArray %p is not a live CUDA array",
                          static_cast<void *>(P->srcArray));
  if (P->dstArray && !loom::Runtime::get().arrays().view(P->dstArray, &DstView))
    return loom::failWith(cudaErrorInvalidResourceHandle, "dstArray %p is not a live CUDA array",
                          static_cast<void *>(P->dstArray));
  size_t ElementSize = 1;
  if (P->srcArray && P->dstArray && SrcView.ElementSize != DstView.ElementSize)
    return loom::failWith(cudaErrorInvalidValue,
                          "srcArray element size %zu differs from dstArray element size %zu",
                          SrcView.ElementSize, DstView.ElementSize);
  if (P->srcArray)
    ElementSize = SrcView.ElementSize;
  else if (P->dstArray)
    ElementSize = DstView.ElementSize;
  const cudaExtent &E = P->extent;
  if (E.width == 0 || E.height == 0 || E.depth == 0)
    return cudaSuccess;
  size_t WidthBytes;
  if (__builtin_mul_overflow(E.width, ElementSize, &WidthBytes))
    return loom::failWith(cudaErrorInvalidValue, "extent width %zu x element size %zu overflows",
                          E.width, ElementSize);
  Side Src, Dst;
  cudaError_t Error = P->srcArray ? arraySide(SrcView, P->srcPos, E, &Src)
                                  : pitchedSide(P->srcPtr, P->srcPos, WidthBytes, E, &Src);
  if (Error)
    return Error;
  Error = P->dstArray ? arraySide(DstView, P->dstPos, E, &Dst)
                      : pitchedSide(P->dstPtr, P->dstPos, WidthBytes, E, &Dst);
  if (Error)
    return Error;
  loom::CopyShape Shape{Dst.Base, Dst.Pitch, Dst.SlicePitch, Src.Base, Src.Pitch,
                        Src.SlicePitch, WidthBytes, E.height, E.depth};
  // An array side is Loom's own storage, checked against the array above.
  Shape.DstTrusted = P->dstArray != nullptr;
  Shape.SrcTrusted = P->srcArray != nullptr;
  return loom::submitCopy3D(Shape, P->kind, Stream, Async);
}

cudaError_t memset3D(cudaPitchedPtr P, int Value, cudaExtent E, cudaStream_t Stream,
                     bool Async) {
  if (E.width == 0 || E.height == 0 || E.depth == 0)
    return cudaSuccess;
  if (!P.ptr)
    return loom::failWith(cudaErrorInvalidValue, "pitched pointer is null (extent %zux%zux%zu)",
                          E.width, E.height, E.depth);
  if (P.pitch < E.width)
    return loom::failWith(cudaErrorInvalidPitchValue, "pitch %zu is less than width %zu bytes",
                          P.pitch, E.width);
  if (E.depth > 1 && E.height > P.ysize)
    return loom::failWith(cudaErrorInvalidValue,
                          "height %zu exceeds the pitched pointer's ysize %zu for a %zu-slice "
                          "memset", E.height, P.ysize, E.depth);
  return loom::submitSet3D(P.ptr, P.pitch, P.pitch * P.ysize, Value, E.width, E.height,
                           E.depth, Stream, Async);
}

} // namespace

extern "C" {

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  LOOM_PROFILE_API("cudaMalloc");
  return recordError(allocate(DevPtr, Size, AllocKind::Device, 0));
}

cudaError_t cudaFree(void *DevPtr) {
  LOOM_PROFILE_API("cudaFree");
  return recordError(freeSynchronously(
      DevPtr, Allocator::bit(AllocKind::Device) | Allocator::bit(AllocKind::Managed)));
}

cudaError_t cudaMallocHost(void **Ptr, size_t Size) {
  LOOM_PROFILE_API("cudaMallocHost");
  return recordError(allocate(Ptr, Size, AllocKind::Host, cudaHostAllocDefault));
}

cudaError_t cudaFreeHost(void *Ptr) {
  LOOM_PROFILE_API("cudaFreeHost");
  return recordError(freeSynchronously(Ptr, Allocator::bit(AllocKind::Host)));
}

cudaError_t cudaHostAlloc(void **Ptr, size_t Size, unsigned int Flags) {
  LOOM_PROFILE_API("cudaHostAlloc");
  if (Flags & ~0x7u)
    return recordError(cudaErrorInvalidValue, why("flags %#x have unknown bits", Flags));
  return recordError(allocate(Ptr, Size, AllocKind::Host, Flags));
}

cudaError_t cudaHostGetDevicePointer(void **DevPtr, void *HostPtr, unsigned int Flags) {
  if (!DevPtr || !HostPtr || Flags != 0)
    return recordError(cudaErrorInvalidValue,
                       why("DevPtr %p, HostPtr %p: null, or flags %#x are not 0",
                           static_cast<void *>(DevPtr), HostPtr, Flags));
  loom::Allocation A;
  if (!Runtime::get().allocator().find(HostPtr, &A) || A.Kind == AllocKind::Device ||
      A.Kind == AllocKind::Symbol)
    return recordError(cudaErrorInvalidValue,
                       why("host pointer %p is not in pinned, registered or managed memory",
                           HostPtr));
  *DevPtr = HostPtr; // one address space
  return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *Flags, void *HostPtr) {
  if (!Flags || !HostPtr)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Flags ? "Flags" : "HostPtr"));
  loom::Allocation A;
  if (!Runtime::get().allocator().find(HostPtr, &A) ||
      (A.Kind != AllocKind::Host && A.Kind != AllocKind::Registered))
    return recordError(cudaErrorInvalidValue,
                       why("host pointer %p is not in memory from cudaHostAlloc or "
                           "cudaHostRegister", HostPtr));
  *Flags = A.Flags;
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned int Flags) {
  if (Flags & ~0xfu)
    return recordError(cudaErrorInvalidValue, why("flags %#x have unknown bits", Flags));
  return recordError(Runtime::get().allocator().registerHost(Ptr, Size, Flags));
}

cudaError_t cudaHostUnregister(void *Ptr) {
  if (!Ptr)
    return recordError(cudaErrorInvalidValue, why("Ptr is null"));
  return recordError(Runtime::get().allocator().unregisterHost(Ptr));
}

cudaError_t cudaMallocManaged(void **DevPtr, size_t Size, unsigned int Flags) {
  LOOM_PROFILE_API("cudaMallocManaged");
  // CUDA refuses an empty managed allocation (cudaMalloc(&p, 0) succeeds).
  if ((Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost) || Size == 0)
    return recordError(cudaErrorInvalidValue,
                       why("size %zu is 0 or flags %#x are not cudaMemAttachGlobal or "
                           "cudaMemAttachHost", Size, Flags));
  return recordError(allocate(DevPtr, Size, AllocKind::Managed, Flags));
}

cudaError_t cudaMallocPitch(void **DevPtr, size_t *Pitch, size_t Width, size_t Height) {
  if (!DevPtr || !Pitch)
    return recordError(cudaErrorInvalidValue, why("%s is null", !DevPtr ? "DevPtr" : "Pitch"));
  size_t Rounded = roundPitch(Width);
  if (Rounded < Width || (Height && Rounded > SIZE_MAX / Height))
    return recordError(cudaErrorMemoryAllocation,
                       why("%zu rows of %zu bytes overflow the address space", Height, Width));
  *Pitch = Rounded;
  return recordError(allocate(DevPtr, Rounded * Height, AllocKind::Device, 0));
}

cudaError_t cudaFreeAsync(void *DevPtr, cudaStream_t Stream) {
  if (!DevPtr)
    return cudaSuccess;
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  loom::Allocation A;
  if (!R.allocator().find(DevPtr, &A) || A.Base != reinterpret_cast<uintptr_t>(DevPtr) ||
      (A.Kind != AllocKind::Device && A.Kind != AllocKind::Managed))
    return recordError(cudaErrorInvalidValue,
                       why("pointer %p is not the start of a device or managed allocation",
                           DevPtr));
  cudaError_t Error;
  if (R.captureFree(S, DevPtr, &Error))
    return recordError(Error);
  return recordError(R.enqueue(S, std::make_shared<loom::CallOp>(releaseDeviceMemory, DevPtr)));
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *PitchedDevPtr, struct cudaExtent Extent) {
  if (!PitchedDevPtr)
    return recordError(cudaErrorInvalidValue, why("PitchedDevPtr is null"));
  size_t Pitch = roundPitch(Extent.width), Bytes;
  if (Pitch < Extent.width || __builtin_mul_overflow(Pitch, Extent.height, &Bytes) ||
      __builtin_mul_overflow(Bytes, Extent.depth, &Bytes))
    return recordError(cudaErrorMemoryAllocation,
                       why("extent %zux%zux%zu overflows the address space", Extent.width,
                           Extent.height, Extent.depth));
  void *Ptr = nullptr;
  if (cudaError_t Error = allocate(&Ptr, Bytes, AllocKind::Device, 0))
    return recordError(Error);
  *PitchedDevPtr = cudaPitchedPtr{Ptr, Pitch, Extent.width, Extent.height};
  return cudaSuccess;
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *P) {
  return recordError(memcpy3D(P, nullptr, false));
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *P, cudaStream_t Stream) {
  return recordError(memcpy3D(P, Stream, true));
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr PitchedDevPtr, int Value,
                         struct cudaExtent Extent) {
  return recordError(memset3D(PitchedDevPtr, Value, Extent, nullptr, false));
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr PitchedDevPtr, int Value,
                              struct cudaExtent Extent, cudaStream_t Stream) {
  return recordError(memset3D(PitchedDevPtr, Value, Extent, Stream, true));
}

cudaError_t cudaMemAdvise(const void *DevPtr, size_t Count, enum cudaMemoryAdvise Advice,
                          int Device) {
  // Advice about placement and read duplication; one memory, nothing to do.
  if (!DevPtr || Count == 0 || Advice < cudaMemAdviseSetReadMostly ||
      Advice > cudaMemAdviseUnsetAccessedBy ||
      Runtime::get().allocator().classify(DevPtr, Count) == loom::RangeStatus::Invalid)
    return recordError(cudaErrorInvalidValue,
                       why("DevPtr %p + %zu bytes or advice %d is not valid", DevPtr, Count,
                           int(Advice)));
  bool NeedsDevice = Advice != cudaMemAdviseSetReadMostly &&
                     Advice != cudaMemAdviseUnsetReadMostly;
  if (NeedsDevice && loom::devices::check(Device) && Device != cudaCpuDeviceId)
    return recordError(cudaErrorInvalidDevice,
                       why("device %d is not a device or cudaCpuDeviceId (count %d)", Device,
                           loom::devices::count()));
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Free ? "Free" : "Total"));
  Runtime &R = Runtime::get();
  *Total = R.properties().totalGlobalMem;
  size_t Available = loom::availableHostBytes();
  if (loom::devices::count() > 1) {
    // The current device's share, less what was allocated on it.
    *Total = loom::devices::memoryPerDevice(*Total);
    size_t Used = std::min(*Total, loom::devices::bytesOn(loom::devices::current()));
    *Free = Available && Available < *Total - Used ? Available : *Total - Used;
    return cudaSuccess;
  }
  *Free = Available && Available < *Total ? Available : *Total - R.allocator().bytesInUse();
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *Attributes,
                                     const void *Ptr) {
  if (!Attributes)
    return recordError(cudaErrorInvalidValue, why("Attributes is null"));
  loom::Allocation A;
  void *Mutable = const_cast<void *>(Ptr);
  if (!Ptr || !Runtime::get().allocator().find(Ptr, &A)) {
    Attributes->type = cudaMemoryTypeUnregistered;
    Attributes->device = cudaInvalidDeviceId;
    Attributes->devicePointer = nullptr;
    Attributes->hostPointer = nullptr;
    return cudaSuccess;
  }
  Attributes->device = loom::devices::ownerOf(Ptr);
  switch (A.Kind) {
  case AllocKind::Device:
  case AllocKind::Symbol:
    Attributes->type = cudaMemoryTypeDevice;
    Attributes->devicePointer = Mutable;
    Attributes->hostPointer = nullptr;
    break;
  case AllocKind::Managed:
    Attributes->type = cudaMemoryTypeManaged;
    Attributes->devicePointer = Mutable;
    Attributes->hostPointer = Mutable;
    break;
  case AllocKind::Host:
  case AllocKind::Registered:
    Attributes->type = cudaMemoryTypeHost;
    Attributes->devicePointer = Mutable;
    Attributes->hostPointer = Mutable;
    break;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count, enum cudaMemcpyKind Kind) {
  return recordError(loom::submitCopy(Dst, Count, Src, Count, Count, 1, Kind, nullptr, false));
}

cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Count, enum cudaMemcpyKind Kind,
                            cudaStream_t Stream) {
  return recordError(loom::submitCopy(Dst, Count, Src, Count, Count, 1, Kind, Stream, true));
}

cudaError_t cudaMemcpy2D(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
                         size_t Width, size_t Height, enum cudaMemcpyKind Kind) {
  return recordError(
      loom::submitCopy(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind, nullptr, false));
}

cudaError_t cudaMemcpy2DAsync(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
                              size_t Width, size_t Height, enum cudaMemcpyKind Kind,
                              cudaStream_t Stream) {
  return recordError(
      loom::submitCopy(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind, Stream, true));
}

cudaError_t cudaMemcpyPeer(void *Dst, int DstDevice, const void *Src, int SrcDevice,
                           size_t Count) {
  // One memory: a peer copy is a copy (LOOM_DEVICES=n gives the peers).
  if (loom::devices::check(DstDevice) || loom::devices::check(SrcDevice))
    return recordError(cudaErrorInvalidDevice,
                       why("device %d or %d is not a device (count %d)", DstDevice, SrcDevice,
                           loom::devices::count()));
  return cudaMemcpy(Dst, Src, Count, cudaMemcpyDefault);
}

cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice, const void *Src, int SrcDevice,
                                size_t Count, cudaStream_t Stream) {
  if (loom::devices::check(DstDevice) || loom::devices::check(SrcDevice))
    return recordError(cudaErrorInvalidDevice,
                       why("device %d or %d is not a device (count %d)", DstDevice, SrcDevice,
                           loom::devices::count()));
  return cudaMemcpyAsync(Dst, Src, Count, cudaMemcpyDefault, Stream);
}

cudaError_t cudaMemset(void *DevPtr, int Value, size_t Count) {
  return recordError(loom::submitSet(DevPtr, Count, Value, Count, 1, nullptr, false));
}

cudaError_t cudaMemsetAsync(void *DevPtr, int Value, size_t Count, cudaStream_t Stream) {
  return recordError(loom::submitSet(DevPtr, Count, Value, Count, 1, Stream, true));
}

cudaError_t cudaMemset2D(void *DevPtr, size_t Pitch, int Value, size_t Width, size_t Height) {
  return recordError(loom::submitSet(DevPtr, Pitch, Value, Width, Height, nullptr, false));
}

cudaError_t cudaMemset2DAsync(void *DevPtr, size_t Pitch, int Value, size_t Width,
                              size_t Height, cudaStream_t Stream) {
  return recordError(loom::submitSet(DevPtr, Pitch, Value, Width, Height, Stream, true));
}

cudaError_t cudaMemPrefetchAsync(const void *DevPtr, size_t Count, int DstDevice,
                                 cudaStream_t Stream) {
  // A placement hint; with one memory there is nothing to move.
  if (!DevPtr && Count)
    return recordError(cudaErrorInvalidValue, why("DevPtr is null with count %zu", Count));
  // Managed or (pageableMemoryAccess) pageable memory; never past the end of
  // an allocation.
  if (Count && Runtime::get().allocator().classify(DevPtr, Count) == loom::RangeStatus::Invalid)
    return recordError(cudaErrorInvalidValue,
                       why("DevPtr %p + %zu bytes is not inside one allocation", DevPtr, Count));
  if (loom::devices::check(DstDevice) && DstDevice != cudaCpuDeviceId)
    return recordError(cudaErrorInvalidDevice,
                       why("device %d is not a device or cudaCpuDeviceId (count %d)", DstDevice,
                           loom::devices::count()));
  std::shared_ptr<loom::Stream> S;
  return recordError(Runtime::get().resolveStream(Stream, &S));
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t Stream, void *DevPtr, size_t, unsigned int) {
  // Attachment only narrows visibility on GPUs; all memory is visible here.
  if (!DevPtr)
    return recordError(cudaErrorInvalidValue, why("DevPtr is null"));
  std::shared_ptr<loom::Stream> S;
  return recordError(Runtime::get().resolveStream(Stream, &S));
}

} // extern "C"
