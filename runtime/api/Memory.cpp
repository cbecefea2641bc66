// Memory.cpp - CUDA memory management API: allocation, copies, fills and pointer queries.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "api/Transfer.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

using loom::AllocKind;
using loom::Allocator;
using loom::recordError;
using loom::Runtime;

namespace {

cudaError_t allocate(void **Ptr, size_t Size, AllocKind Kind, unsigned Flags) {
  if (!Ptr)
    return cudaErrorInvalidValue;
  if (cudaError_t Error = loom::stickyError())
    return Error;
  return Runtime::get().allocator().allocate(Size, Kind, Flags, Ptr);
}

/// cudaFree and cudaFreeHost synchronize the device first, as CUDA does: a
/// pending kernel may still use the memory.
cudaError_t freeSynchronously(void *Ptr, unsigned Kinds) {
  if (!Ptr)
    return cudaSuccess;
  Runtime &R = Runtime::get();
  R.scheduler().waitAll();
  return R.allocator().release(Ptr, Kinds);
}

void releaseDeviceMemory(void *Ptr) {
  Runtime::get().allocator().release(Ptr, Allocator::bit(AllocKind::Device) |
                                              Allocator::bit(AllocKind::Managed));
}

} // namespace

extern "C" {

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  return recordError(allocate(DevPtr, Size, AllocKind::Device, 0));
}

cudaError_t cudaFree(void *DevPtr) {
  return recordError(freeSynchronously(
      DevPtr, Allocator::bit(AllocKind::Device) | Allocator::bit(AllocKind::Managed)));
}

cudaError_t cudaMallocHost(void **Ptr, size_t Size) {
  return recordError(allocate(Ptr, Size, AllocKind::Host, cudaHostAllocDefault));
}

cudaError_t cudaFreeHost(void *Ptr) {
  return recordError(freeSynchronously(Ptr, Allocator::bit(AllocKind::Host)));
}

cudaError_t cudaHostAlloc(void **Ptr, size_t Size, unsigned int Flags) {
  if (Flags & ~0x7u)
    return recordError(cudaErrorInvalidValue);
  return recordError(allocate(Ptr, Size, AllocKind::Host, Flags));
}

cudaError_t cudaHostGetDevicePointer(void **DevPtr, void *HostPtr, unsigned int Flags) {
  if (!DevPtr || !HostPtr || Flags != 0)
    return recordError(cudaErrorInvalidValue);
  loom::Allocation A;
  if (!Runtime::get().allocator().find(HostPtr, &A) || A.Kind == AllocKind::Device)
    return recordError(cudaErrorInvalidValue);
  *DevPtr = HostPtr; // one address space
  return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *Flags, void *HostPtr) {
  if (!Flags || !HostPtr)
    return recordError(cudaErrorInvalidValue);
  loom::Allocation A;
  if (!Runtime::get().allocator().find(HostPtr, &A) ||
      (A.Kind != AllocKind::Host && A.Kind != AllocKind::Registered))
    return recordError(cudaErrorInvalidValue);
  *Flags = A.Flags;
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned int Flags) {
  if (Flags & ~0xfu)
    return recordError(cudaErrorInvalidValue);
  return recordError(Runtime::get().allocator().registerHost(Ptr, Size, Flags));
}

cudaError_t cudaHostUnregister(void *Ptr) {
  if (!Ptr)
    return recordError(cudaErrorInvalidValue);
  return recordError(Runtime::get().allocator().unregisterHost(Ptr));
}

cudaError_t cudaMallocManaged(void **DevPtr, size_t Size, unsigned int Flags) {
  if (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost)
    return recordError(cudaErrorInvalidValue);
  return recordError(allocate(DevPtr, Size, AllocKind::Managed, Flags));
}

cudaError_t cudaMallocPitch(void **DevPtr, size_t *Pitch, size_t Width, size_t Height) {
  if (!DevPtr || !Pitch)
    return recordError(cudaErrorInvalidValue);
  size_t Rounded = (Width + Allocator::Alignment - 1) / Allocator::Alignment *
                   Allocator::Alignment;
  if (Rounded < Width || (Height && Rounded > SIZE_MAX / Height))
    return recordError(cudaErrorMemoryAllocation);
  *Pitch = Rounded;
  return recordError(allocate(DevPtr, Rounded * Height, AllocKind::Device, 0));
}

cudaError_t cudaMallocAsync(void **DevPtr, size_t Size, cudaStream_t Stream) {
  // Allocating at call time is a valid (earlier) point in stream order.
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = Runtime::get().resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(allocate(DevPtr, Size, AllocKind::Device, 0));
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
    return recordError(cudaErrorInvalidValue);
  R.scheduler().submit(S, std::make_shared<loom::CallOp>(releaseDeviceMemory, DevPtr));
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return recordError(cudaErrorInvalidValue);
  Runtime &R = Runtime::get();
  *Total = R.properties().totalGlobalMem;
  size_t Available = loom::availableHostBytes();
  *Free = Available && Available < *Total ? Available : *Total - R.allocator().bytesInUse();
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *Attributes,
                                     const void *Ptr) {
  if (!Attributes)
    return recordError(cudaErrorInvalidValue);
  loom::Allocation A;
  void *Mutable = const_cast<void *>(Ptr);
  if (!Ptr || !Runtime::get().allocator().find(Ptr, &A)) {
    Attributes->type = cudaMemoryTypeUnregistered;
    Attributes->device = cudaInvalidDeviceId;
    Attributes->devicePointer = nullptr;
    Attributes->hostPointer = nullptr;
    return cudaSuccess;
  }
  Attributes->device = 0;
  switch (A.Kind) {
  case AllocKind::Device:
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
  if (DstDevice != 0 || SrcDevice != 0)
    return recordError(cudaErrorInvalidDevice);
  return cudaMemcpy(Dst, Src, Count, cudaMemcpyDefault);
}

cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice, const void *Src, int SrcDevice,
                                size_t Count, cudaStream_t Stream) {
  if (DstDevice != 0 || SrcDevice != 0)
    return recordError(cudaErrorInvalidDevice);
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
    return recordError(cudaErrorInvalidValue);
  if (DstDevice != 0 && DstDevice != cudaCpuDeviceId)
    return recordError(cudaErrorInvalidDevice);
  std::shared_ptr<loom::Stream> S;
  return recordError(Runtime::get().resolveStream(Stream, &S));
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t Stream, void *DevPtr, size_t, unsigned int) {
  // Attachment only narrows visibility on GPUs; all memory is visible here.
  if (!DevPtr)
    return recordError(cudaErrorInvalidValue);
  std::shared_ptr<loom::Stream> S;
  return recordError(Runtime::get().resolveStream(Stream, &S));
}

} // extern "C"
