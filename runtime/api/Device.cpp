// Device.cpp - CUDA device management API: the CPU as one device, or as
// LOOM_DEVICES=n devices (core/Devices.h, docs/tools.md "Several devices").
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Devices.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "support/ApiError.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>

using loom::recordError;
using loom::why;
using loom::Runtime;

namespace loom::devices {

namespace {

int readCount() {
  const char *V = std::getenv("LOOM_DEVICES");
  if (!V || !*V)
    return 1;
  char *End = nullptr;
  long N = std::strtol(V, &End, 10);
  if (*End || N < 1 || N > MaxDevices) {
    std::fprintf(stderr, "loom: LOOM_DEVICES=%s is not a device count (1 to %d); using 1\n", V,
                 MaxDevices);
    return 1;
  }
  return static_cast<int>(N);
}

thread_local int Current = 0;

struct Accounting {
  std::mutex M;
  std::map<uintptr_t, std::pair<size_t, int>> Live; ///< address -> bytes, device
  size_t Bytes[MaxDevices] = {};
  uint64_t PeerEnabled[MaxDevices] = {}; ///< bit p of [d]: d may access p
};

/// Never destroyed: allocations may be freed by static destructors.
Accounting &accounting() {
  static Accounting *A = new Accounting;
  return *A;
}

} // namespace

int count() {
  static const int N = readCount();
  return N;
}

int current() { return Current; }

cudaError_t check(int Device) {
  return Device >= 0 && Device < count() ? cudaSuccess : cudaErrorInvalidDevice;
}

size_t memoryPerDevice(size_t Total) { return Total / static_cast<size_t>(count()); }

cudaError_t reserve(size_t Bytes, size_t Total, int *Device) {
  *Device = Current;
  if (count() == 1)
    return cudaSuccess;
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  size_t Share = memoryPerDevice(Total);
  if (Bytes > Share || A.Bytes[Current] > Share - Bytes)
    return failWith(cudaErrorMemoryAllocation,
                    "%zu bytes exceed device %d's share of %zu bytes (%zu in use)", Bytes, Current,
                    Share, A.Bytes[Current]);
  A.Bytes[Current] += Bytes;
  return cudaSuccess;
}

void record(const void *Ptr, size_t Bytes, int Device) {
  if (count() == 1 || !Ptr)
    return;
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  A.Live[reinterpret_cast<uintptr_t>(Ptr)] = {Bytes, Device};
}

void unreserve(size_t Bytes, int Device) {
  if (count() == 1)
    return;
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  A.Bytes[Device] -= std::min(Bytes, A.Bytes[Device]);
}

void noteFree(const void *Ptr) {
  if (count() == 1)
    return;
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  auto It = A.Live.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == A.Live.end())
    return;
  A.Bytes[It->second.second] -= std::min(It->second.first, A.Bytes[It->second.second]);
  A.Live.erase(It);
}

size_t bytesOn(int Device) {
  if (count() == 1 || check(Device))
    return 0;
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  return A.Bytes[Device];
}

int ownerOf(const void *Ptr) {
  if (count() == 1)
    return 0;
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  auto It = A.Live.upper_bound(reinterpret_cast<uintptr_t>(Ptr));
  if (It == A.Live.begin())
    return 0;
  --It;
  return reinterpret_cast<uintptr_t>(Ptr) - It->first < It->second.first ? It->second.second : 0;
}

/// cudaDeviceReset frees every allocation (all devices share the runtime).
static void forgetAll() {
  Accounting &A = accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  A.Live.clear();
  std::fill(std::begin(A.Bytes), std::end(A.Bytes), 0);
  std::fill(std::begin(A.PeerEnabled), std::end(A.PeerEnabled), 0);
}

} // namespace loom::devices

namespace {
using loom::devices::check;
cudaError_t checkDevice(int Device) {
  if (cudaError_t Error = check(Device))
    return loom::failWith(Error, "device %d is not one of the %d devices", Device,
                          loom::devices::count());
  return cudaSuccess;
}

/// Device \p Device's properties: with n devices, 1/n of the memory and of
/// the cores (at least one), and its own PCI bus number.
cudaDeviceProp propertiesOf(int Device) {
  cudaDeviceProp P = Runtime::get().properties();
  int N = loom::devices::count();
  if (N > 1) {
    P.totalGlobalMem = loom::devices::memoryPerDevice(P.totalGlobalMem);
    P.multiProcessorCount = std::max(1, P.multiProcessorCount / N);
    P.pciBusID = Device;
  }
  return P;
}
} // namespace

extern "C" {

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return recordError(cudaErrorInvalidValue, why("Count is null"));
  *Count = loom::devices::count();
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int Device) {
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  loom::devices::Current = Device;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return recordError(cudaErrorInvalidValue, why("Device is null"));
  *Device = loom::devices::current();
  return cudaSuccess;
}

cudaError_t cudaInitDevice(int Device, unsigned int, unsigned int) {
  return recordError(checkDevice(Device));
}

cudaError_t cudaSetValidDevices(int *Devices, int Len) {
  if (Len < 0 || (Len > 0 && !Devices))
    return recordError(cudaErrorInvalidValue,
                       why("Len %d with Devices %p", Len, static_cast<void *>(Devices)));
  for (int I = 0; I < Len; ++I)
    if (checkDevice(Devices[I]))
      return recordError(cudaErrorInvalidDevice,
                         why("Devices[%d] = %d is not a device (count %d)", I, Devices[I],
                             loom::devices::count()));
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *Device, const struct cudaDeviceProp *Prop) {
  if (!Device || !Prop)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Device ? "Device" : "Prop"));
  *Device = 0; // all devices are alike
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *Prop, int Device) {
  if (!Prop)
    return recordError(cudaErrorInvalidValue, why("Prop is null"));
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  *Prop = propertiesOf(Device);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *Value, enum cudaDeviceAttr Attr, int Device) {
  if (!Value)
    return recordError(cudaErrorInvalidValue, why("Value is null"));
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  if (!loom::deviceAttribute(propertiesOf(Device), Attr, Value))
    return recordError(cudaErrorInvalidValue,
                       why("attribute %d is not a cudaDeviceAttr", int(Attr)));
  return cudaSuccess;
}

// With several devices, resetting one resets them all: they share the
// runtime (docs/tools.md).
cudaError_t cudaDeviceReset(void) {
  Runtime::get().reset();
  loom::devices::forgetAll();
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) {
  LOOM_PROFILE_API("cudaDeviceSynchronize");
  if (cudaError_t Error = Runtime::get().checkDeviceWideCall())
    return recordError(Error);
  Runtime::get().scheduler().waitAll();
  return recordError(loom::stickyError());
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

// Device code only (CUB/Thrust 1.x's device_synchronize): CUDA 12 has no
// device-side synchronize, so a kernel cannot wait for its children.
cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void) {
  return recordError(cudaErrorNotSupported,
                     why("device-side cudaDeviceSynchronize does not exist in CUDA 12; a kernel "
                         "cannot wait for its children"));
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaSetDeviceFlags(unsigned int Flags) {
  if (Flags & ~static_cast<unsigned>(cudaDeviceMask))
    return recordError(cudaErrorInvalidValue,
                       why("flags %#x have bits outside cudaDeviceMask", Flags));
  Runtime::get().DeviceFlags = Flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *Flags) {
  if (!Flags)
    return recordError(cudaErrorInvalidValue, why("Flags is null"));
  *Flags = Runtime::get().DeviceFlags;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit Limit, size_t Value) {
  return recordError(Runtime::get().setLimit(Limit, Value));
}

cudaError_t cudaDeviceGetLimit(size_t *Value, enum cudaLimit Limit) {
  if (!Value)
    return recordError(cudaErrorInvalidValue, why("Value is null"));
  return recordError(Runtime::get().getLimit(Limit, Value));
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache Config) {
  if (Config < cudaFuncCachePreferNone || Config > cudaFuncCachePreferEqual)
    return recordError(cudaErrorInvalidValue,
                       why("cache config %d is not a cudaFuncCache", int(Config)));
  Runtime::get().CacheConfig = Config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *Config) {
  if (!Config)
    return recordError(cudaErrorInvalidValue, why("Config is null"));
  *Config = static_cast<cudaFuncCache>(Runtime::get().CacheConfig);
  return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig Config) {
  if (Config < cudaSharedMemBankSizeDefault || Config > cudaSharedMemBankSizeEightByte)
    return recordError(cudaErrorInvalidValue,
                       why("shared memory config %d is not a cudaSharedMemConfig", int(Config)));
  Runtime::get().SharedMemConfig = Config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *Config) {
  if (!Config)
    return recordError(cudaErrorInvalidValue, why("Config is null"));
  *Config = static_cast<cudaSharedMemConfig>(Runtime::get().SharedMemConfig);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *Least, int *Greatest) {
  if (Least)
    *Least = loom::limits::LeastStreamPriority;
  if (Greatest)
    *Greatest = loom::limits::GreatestStreamPriority;
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *CanAccess, int Device, int Peer) {
  if (!CanAccess)
    return recordError(cudaErrorInvalidValue, why("CanAccess is null"));
  if (checkDevice(Device) || checkDevice(Peer))
    return recordError(cudaErrorInvalidDevice,
                       why("device %d or peer %d is not a device (count %d)", Device, Peer,
                           loom::devices::count()));
  // Every device reaches every other's memory (one memory); a device is not
  // its own peer.
  *CanAccess = Device != Peer;
  return cudaSuccess;
}

// Peer access is bookkeeping: the memory is shared whether or not it is
// enabled; the errors are CUDA's.
cudaError_t cudaDeviceEnablePeerAccess(int Peer, unsigned int Flags) {
  if (Flags != 0)
    return recordError(cudaErrorInvalidValue, why("flags %#x are not 0", Flags));
  int Device = loom::devices::current();
  if (checkDevice(Peer) || Peer == Device)
    return recordError(cudaErrorInvalidDevice,
                       why("peer %d is not another device than the current %d (count %d)", Peer,
                           Device, loom::devices::count()));
  loom::devices::Accounting &A = loom::devices::accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  if (A.PeerEnabled[Device] & (uint64_t(1) << Peer))
    return recordError(cudaErrorPeerAccessAlreadyEnabled,
                       why("peer access from device %d to %d is already enabled", Device, Peer));
  A.PeerEnabled[Device] |= uint64_t(1) << Peer;
  return cudaSuccess;
}

cudaError_t cudaDeviceDisablePeerAccess(int Peer) {
  if (checkDevice(Peer))
    return recordError(cudaErrorInvalidDevice,
                       why("peer %d is not a device (count %d)", Peer, loom::devices::count()));
  int Device = loom::devices::current();
  loom::devices::Accounting &A = loom::devices::accounting();
  std::lock_guard<std::mutex> Lock(A.M);
  if (!(A.PeerEnabled[Device] & (uint64_t(1) << Peer)))
    return recordError(cudaErrorPeerAccessNotEnabled,
                       why("peer access from device %d to %d is not enabled", Device, Peer));
  A.PeerEnabled[Device] &= ~(uint64_t(1) << Peer);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *Device, const char *BusId) {
  if (!Device || !BusId)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Device ? "Device" : "BusId"));
  // [domain:]bus:device.function; device d is on bus d.
  unsigned Domain = 0, Bus = 0, Dev = 0, Function = 0;
  int Used = 0;
  bool Parsed =
      (std::sscanf(BusId, "%x:%x:%x.%x%n", &Domain, &Bus, &Dev, &Function, &Used) == 4 ||
       (Domain = 0, std::sscanf(BusId, "%x:%x.%x%n", &Bus, &Dev, &Function, &Used) == 3)) &&
      BusId[Used] == '\0';
  if (!Parsed || Domain != 0 || Dev != 0 || Function != 0 ||
      checkDevice(static_cast<int>(Bus)))
    return recordError(cudaErrorInvalidDevice,
                       why("bus id \"%s\" does not name a device (count %d)", BusId,
                           loom::devices::count()));
  *Device = static_cast<int>(Bus);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *BusId, int Len, int Device) {
  if (!BusId || Len <= 0)
    return recordError(cudaErrorInvalidValue,
                       why("BusId %p is null or Len %d is not positive", static_cast<void *>(BusId),
                           Len));
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  std::snprintf(BusId, static_cast<size_t>(Len), "0000:%02x:00.0", static_cast<unsigned>(Device));
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *Version) {
  if (!Version)
    return recordError(cudaErrorInvalidValue, why("Version is null"));
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *Version) {
  if (!Version)
    return recordError(cudaErrorInvalidValue, why("Version is null"));
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

} // extern "C"
