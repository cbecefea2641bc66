// DriverApi.cpp - the small driver API subset in cuda.h (initialization, devices, versions).
// SPDX-License-Identifier: Apache-2.0
#include "cuda.h"
#include "cuda_runtime_api.h"

#include "core/Runtime.h"
#include "support/ApiError.h"

#include <cstdio>

using loom::Runtime;

namespace {

struct DriverError {
  CUresult Code;
  const char *Name;
  const char *Description;
};

constexpr DriverError DriverErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY", "device not ready"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_ASSERT, "CUDA_ERROR_ASSERT", "device-side assert triggered"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_NOT_PERMITTED, "CUDA_ERROR_NOT_PERMITTED", "operation not permitted"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

const DriverError *findDriverError(CUresult Code) {
  for (const DriverError &E : DriverErrors)
    if (E.Code == Code)
      return &E;
  return nullptr;
}

} // namespace

extern "C" {

CUresult cuInit(unsigned int Flags) {
  return Flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDriverGetVersion(int *Version) {
  if (!Version)
    return CUDA_ERROR_INVALID_VALUE;
  *Version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *Device, int Ordinal) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  if (Ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *Device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *Count) {
  if (!Count)
    return CUDA_ERROR_INVALID_VALUE;
  *Count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *Name, int Len, CUdevice Device) {
  if (!Name || Len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (Device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  std::snprintf(Name, static_cast<size_t>(Len), "%s", Runtime::get().properties().name);
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *Bytes, CUdevice Device) {
  if (!Bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (Device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *Bytes = Runtime::get().properties().totalGlobalMem;
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void) {
  Runtime::get().scheduler().waitAll();
  // The runtime's sticky codes have the same numbers in the driver API.
  return static_cast<CUresult>(loom::stickyError());
}

CUresult cuGetErrorName(CUresult Error, const char **Str) {
  if (!Str)
    return CUDA_ERROR_INVALID_VALUE;
  const DriverError *E = findDriverError(Error);
  *Str = E ? E->Name : nullptr;
  return E ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult Error, const char **Str) {
  if (!Str)
    return CUDA_ERROR_INVALID_VALUE;
  const DriverError *E = findDriverError(Error);
  *Str = E ? E->Description : nullptr;
  return E ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

} // extern "C"
