// Device.cpp - CUDA device management API for Loom's single CPU device.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Runtime.h"
#include "profile/Profile.h"
#include "support/ApiError.h"

#include <cstdio>
#include <cstring>

using loom::recordError;
using loom::Runtime;

namespace {
constexpr const char *PciBusId = "0000:00:00.0";

cudaError_t checkDevice(int Device) {
  return Device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}
} // namespace

extern "C" {

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return recordError(cudaErrorInvalidValue);
  *Count = 1;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int Device) { return recordError(checkDevice(Device)); }

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return recordError(cudaErrorInvalidValue);
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaInitDevice(int Device, unsigned int, unsigned int) {
  return recordError(checkDevice(Device));
}

cudaError_t cudaSetValidDevices(int *Devices, int Len) {
  if (Len < 0 || (Len > 0 && !Devices))
    return recordError(cudaErrorInvalidValue);
  for (int I = 0; I < Len; ++I)
    if (Devices[I] != 0)
      return recordError(cudaErrorInvalidDevice);
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *Device, const struct cudaDeviceProp *Prop) {
  if (!Device || !Prop)
    return recordError(cudaErrorInvalidValue);
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *Prop, int Device) {
  if (!Prop)
    return recordError(cudaErrorInvalidValue);
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  *Prop = Runtime::get().properties();
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *Value, enum cudaDeviceAttr Attr, int Device) {
  if (!Value)
    return recordError(cudaErrorInvalidValue);
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  if (!loom::deviceAttribute(Runtime::get().properties(), Attr, Value))
    return recordError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaDeviceReset(void) {
  Runtime::get().reset();
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
  return recordError(cudaErrorNotSupported);
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaSetDeviceFlags(unsigned int Flags) {
  if (Flags & ~static_cast<unsigned>(cudaDeviceMask))
    return recordError(cudaErrorInvalidValue);
  Runtime::get().DeviceFlags = Flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *Flags) {
  if (!Flags)
    return recordError(cudaErrorInvalidValue);
  *Flags = Runtime::get().DeviceFlags;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit Limit, size_t Value) {
  return recordError(Runtime::get().setLimit(Limit, Value));
}

cudaError_t cudaDeviceGetLimit(size_t *Value, enum cudaLimit Limit) {
  if (!Value)
    return recordError(cudaErrorInvalidValue);
  return recordError(Runtime::get().getLimit(Limit, Value));
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache Config) {
  if (Config < cudaFuncCachePreferNone || Config > cudaFuncCachePreferEqual)
    return recordError(cudaErrorInvalidValue);
  Runtime::get().CacheConfig = Config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *Config) {
  if (!Config)
    return recordError(cudaErrorInvalidValue);
  *Config = static_cast<cudaFuncCache>(Runtime::get().CacheConfig);
  return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig Config) {
  if (Config < cudaSharedMemBankSizeDefault || Config > cudaSharedMemBankSizeEightByte)
    return recordError(cudaErrorInvalidValue);
  Runtime::get().SharedMemConfig = Config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *Config) {
  if (!Config)
    return recordError(cudaErrorInvalidValue);
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
    return recordError(cudaErrorInvalidValue);
  if (checkDevice(Device) || checkDevice(Peer))
    return recordError(cudaErrorInvalidDevice);
  *CanAccess = 0; // a device is not its own peer
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int Peer, unsigned int Flags) {
  if (Flags != 0)
    return recordError(cudaErrorInvalidValue);
  (void)Peer; // the only device cannot be its own peer
  return recordError(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int Peer) {
  if (checkDevice(Peer))
    return recordError(cudaErrorInvalidDevice);
  return recordError(cudaErrorPeerAccessNotEnabled);
}

cudaError_t cudaDeviceGetByPCIBusId(int *Device, const char *BusId) {
  if (!Device || !BusId)
    return recordError(cudaErrorInvalidValue);
  if (std::strcmp(BusId, PciBusId) != 0 && std::strcmp(BusId, "00:00.0") != 0)
    return recordError(cudaErrorInvalidDevice);
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *BusId, int Len, int Device) {
  if (!BusId || Len <= 0)
    return recordError(cudaErrorInvalidValue);
  if (cudaError_t Error = checkDevice(Device))
    return recordError(Error);
  std::snprintf(BusId, static_cast<size_t>(Len), "%s", PciBusId);
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *Version) {
  if (!Version)
    return recordError(cudaErrorInvalidValue);
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *Version) {
  if (!Version)
    return recordError(cudaErrorInvalidValue);
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

} // extern "C"
