// MemPool.cpp - the memory pool API and stream-ordered allocation from pools.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Devices.h"
#include "core/Runtime.h"
#include "memory/MemPool.h"
#include "support/ApiError.h"

#include <cstring>

using loom::MemPoolTable;
using loom::recordError;
using loom::why;
using loom::Runtime;

namespace {

bool isOurDevice(const cudaMemLocation &L) {
  return L.type == cudaMemLocationTypeDevice && L.id == 0;
}

} // namespace

extern "C" {

cudaError_t cudaMallocFromPoolAsync(void **Ptr, size_t Size, cudaMemPool_t Pool,
                                    cudaStream_t Stream) {
  if (!Ptr || !Pool)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Ptr ? "Ptr" : "Pool"));
  if (cudaError_t Error = loom::stickyError())
    return Error;
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  MemPoolTable &Pools = Runtime::get().memPools();
  // Allocating at call time is a valid (earlier) point in stream order.
  if (cudaError_t Error = Pools.reserve(Pool, Size))
    return recordError(Error);
  cudaError_t Error = R.allocator().allocate(Size, loom::AllocKind::Device, 0, Ptr);
  if (Error != cudaSuccess || !*Ptr) {
    Pools.unreserve(Pool, Size);
    return recordError(Error);
  }
  Pools.noteAllocation(Pool, *Ptr, Size);
  return cudaSuccess;
}

cudaError_t cudaMallocAsync(void **Ptr, size_t Size, cudaStream_t Stream) {
  return cudaMallocFromPoolAsync(Ptr, Size, Runtime::get().memPools().current(), Stream);
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *Pool, int Device) {
  if (!Pool)
    return recordError(cudaErrorInvalidValue, why("Pool is null"));
  if (loom::devices::check(Device)) // one pool set, shared by LOOM_DEVICES' devices
    return recordError(cudaErrorInvalidDevice,
                       why("device %d is not a device (count %d)", Device, loom::devices::count()));
  *Pool = Runtime::get().memPools().defaultPool();
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *Pool, int Device) {
  if (!Pool)
    return recordError(cudaErrorInvalidValue, why("Pool is null"));
  if (loom::devices::check(Device)) // one pool set, shared by LOOM_DEVICES' devices
    return recordError(cudaErrorInvalidDevice,
                       why("device %d is not a device (count %d)", Device, loom::devices::count()));
  *Pool = Runtime::get().memPools().current();
  return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int Device, cudaMemPool_t Pool) {
  if (loom::devices::check(Device)) // one pool set, shared by LOOM_DEVICES' devices
    return recordError(cudaErrorInvalidDevice,
                       why("device %d is not a device (count %d)", Device, loom::devices::count()));
  return recordError(Runtime::get().memPools().setCurrent(Pool));
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *Pool, const struct cudaMemPoolProps *Props) {
  if (!Pool || !Props || Props->allocType != cudaMemAllocationTypePinned)
    return recordError(cudaErrorInvalidValue,
                       why("Pool %p or Props %p is null, or allocType %d is not "
                           "cudaMemAllocationTypePinned", static_cast<void *>(Pool),
                           static_cast<const void *>(Props), Props ? int(Props->allocType) : -1));
  if (Props->location.type != cudaMemLocationTypeDevice)
    return recordError(cudaErrorInvalidValue,
                       why("location type %d is not cudaMemLocationTypeDevice",
                           int(Props->location.type)));
  if (Props->location.id != 0)
    return recordError(cudaErrorInvalidDevice,
                       why("location id %d: pools live on device 0", Props->location.id));
  if (Props->handleTypes & ~cudaMemHandleTypePosixFileDescriptor)
    return recordError(cudaErrorNotSupported,
                       why("handle types %#x: only POSIX file descriptors are supported",
                           unsigned(Props->handleTypes))); // Windows and fabric handles
  *Pool = Runtime::get().memPools().create(*Props);
  return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t Pool) {
  return recordError(Runtime::get().memPools().destroy(Pool));
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t Pool, enum cudaMemPoolAttr Attr, void *Value) {
  if (!Value)
    return recordError(cudaErrorInvalidValue, why("Value is null"));
  return recordError(Runtime::get().memPools().withPool(Pool, [&](CUmemPoolHandle_st &P) {
    uint64_t U64;
    int I;
    switch (Attr) {
    case cudaMemPoolAttrReleaseThreshold:
      std::memcpy(&P.ReleaseThreshold, Value, sizeof(uint64_t));
      return cudaSuccess;
    case cudaMemPoolReuseFollowEventDependencies:
      std::memcpy(&P.ReuseFollowEventDependencies, Value, sizeof(int));
      return cudaSuccess;
    case cudaMemPoolReuseAllowOpportunistic:
      std::memcpy(&P.ReuseAllowOpportunistic, Value, sizeof(int));
      return cudaSuccess;
    case cudaMemPoolReuseAllowInternalDependencies:
      std::memcpy(&I, Value, sizeof(int));
      P.ReuseAllowInternalDependencies = I;
      return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
      // Only a reset to zero, which restarts the high-water mark.
      std::memcpy(&U64, Value, sizeof(uint64_t));
      if (U64 != 0)
        return loom::failWith(cudaErrorInvalidValue,
                              "pool attribute %d can only be reset to 0, not set to %llu",
                              int(Attr), (unsigned long long)U64);
      P.UsedHigh = P.Used;
      return cudaSuccess;
    default: // current usage is read-only
      return loom::failWith(cudaErrorInvalidValue,
                            "pool attribute %d cannot be set (it is read-only or unknown)",
                            int(Attr));
    }
  }));
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t Pool, enum cudaMemPoolAttr Attr, void *Value) {
  if (!Value)
    return recordError(cudaErrorInvalidValue, why("Value is null"));
  return recordError(Runtime::get().memPools().withPool(Pool, [&](CUmemPoolHandle_st &P) {
    auto PutInt = [&](int V) { std::memcpy(Value, &V, sizeof V); };
    auto PutU64 = [&](uint64_t V) { std::memcpy(Value, &V, sizeof V); };
    switch (Attr) {
    case cudaMemPoolReuseFollowEventDependencies: PutInt(P.ReuseFollowEventDependencies); break;
    case cudaMemPoolReuseAllowOpportunistic: PutInt(P.ReuseAllowOpportunistic); break;
    case cudaMemPoolReuseAllowInternalDependencies: PutInt(P.ReuseAllowInternalDependencies); break;
    case cudaMemPoolAttrReleaseThreshold: PutU64(P.ReleaseThreshold); break;
    // Nothing is cached: what a pool holds is what is allocated from it.
    case cudaMemPoolAttrReservedMemCurrent:
    case cudaMemPoolAttrUsedMemCurrent: PutU64(P.Used); break;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh: PutU64(P.UsedHigh); break;
    default: return loom::failWith(cudaErrorInvalidValue, "pool attribute %d is not a cudaMemPoolAttr",
                                   int(Attr));
    }
    return cudaSuccess;
  }));
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t Pool, size_t) {
  // No cached memory to give back.
  return recordError(Runtime::get().memPools().withPool(Pool, [](CUmemPoolHandle_st &) {
    return cudaSuccess;
  }));
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t Pool, const struct cudaMemAccessDesc *Descs,
                                 size_t Count) {
  if (Count && !Descs)
    return recordError(cudaErrorInvalidValue, why("Descs is null with count %zu", Count));
  return recordError(Runtime::get().memPools().withPool(Pool, [&](CUmemPoolHandle_st &) {
    for (size_t I = 0; I < Count; ++I) {
      if (Descs[I].location.type != cudaMemLocationTypeDevice)
        return loom::failWith(cudaErrorInvalidValue,
                              "access descriptor %zu has location type %d; only devices are "
                              "supported", I, int(Descs[I].location.type));
      if (Descs[I].location.id != 0)
        return loom::failWith(cudaErrorInvalidDevice,
                              "access descriptor %zu names device %d; Loom has device 0 only", I,
                              Descs[I].location.id);
      // The pool's own device always has read-write access.
      if (Descs[I].flags != cudaMemAccessFlagsProtReadWrite)
        return loom::failWith(cudaErrorInvalidValue,
                              "access descriptor %zu has flags %d; the pool's own device is "
                              "always read-write", I, int(Descs[I].flags));
    }
    return cudaSuccess;
  }));
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *Flags, cudaMemPool_t Pool,
                                 struct cudaMemLocation *Location) {
  if (!Flags || !Location)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Flags ? "Flags" : "Location"));
  return recordError(Runtime::get().memPools().withPool(Pool, [&](CUmemPoolHandle_st &) {
    if (!isOurDevice(*Location))
      return Location->type == cudaMemLocationTypeDevice
                 ? loom::failWith(cudaErrorInvalidDevice, "location names device %d; pools "
                                  "live on device 0", Location->id)
                 : loom::failWith(cudaErrorInvalidValue, "location type %d is not "
                                  "cudaMemLocationTypeDevice", int(Location->type));
    *Flags = cudaMemAccessFlagsProtReadWrite;
    return cudaSuccess;
  }));
}

} // extern "C"
