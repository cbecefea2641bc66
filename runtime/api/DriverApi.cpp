// DriverApi.cpp - the driver API subset in cuda.h: initialization, devices,
// contexts, memory information and error strings.
// SPDX-License-Identifier: Apache-2.0
//
// Loom has one device. Its primary context is current on every host thread
// until the thread changes its context stack; cuCtxCreate makes further
// handles on the same device and memory. Driver calls never touch the
// runtime's last error (as in CUDA, where they are separate APIs).
#define __LOOM_DRIVER_API_INTERNAL 1
#include "cuda.h"
#include "cuda_runtime_api.h"

#include "core/DeviceInfo.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

#include <cstdio>
#include <mutex>
#include <unordered_set>
#include <vector>

using loom::Runtime;

namespace {

struct DriverError {
  CUresult Code;
  const char *Name;
  const char *Description;
};

constexpr DriverError DriverErrors[] = {
#define LOOM_CU_ERROR(Name, Value, Description) {Name, #Name, Description},
#include "loom/__loom_cu_errors.def"
#undef LOOM_CU_ERROR
};

const DriverError *findDriverError(CUresult Code) {
  for (const DriverError &E : DriverErrors)
    if (E.Code == Code)
      return &E;
  return nullptr;
}

CUresult checkDevice(CUdevice Device) {
  return Device == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUctx_st PrimaryContext{0, true};

bool isLive(CUcontext Ctx) {
  return Ctx == &PrimaryContext || Runtime::get().contexts().contains(Ctx);
}

/// The calling thread's context stack; its top is the current context.
std::vector<CUcontext> &contextStack() {
  thread_local std::vector<CUcontext> Stack{&PrimaryContext};
  return Stack;
}

/// CUDA_SUCCESS when a live context is current on the calling thread.
CUresult checkCurrentContext() {
  std::vector<CUcontext> &Stack = contextStack();
  if (Stack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  return isLive(Stack.back()) ? CUDA_SUCCESS : CUDA_ERROR_CONTEXT_IS_DESTROYED;
}

/// Valid flags: one scheduling mode plus any of the other documented bits.
bool validContextFlags(unsigned Flags) {
  if (Flags & ~unsigned(CU_CTX_FLAGS_MASK))
    return false;
  unsigned Sched = Flags & CU_CTX_SCHED_MASK;
  return Sched == CU_CTX_SCHED_AUTO || Sched == CU_CTX_SCHED_SPIN ||
         Sched == CU_CTX_SCHED_YIELD || Sched == CU_CTX_SCHED_BLOCKING_SYNC;
}

/// cuDeviceGetAttribute values the runtime's cudaDeviceAttr does not cover:
/// capabilities a CPU does not have (0), or a count that is 1.
bool driverOnlyAttribute(CUdevice_attribute Attr, int *Value) {
  switch (Attr) {
  case CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS_V1:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR_V1:
  case CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR:
  case CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS:
  case CU_DEVICE_ATTRIBUTE_NUMA_CONFIG:
  case CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_MPS_ENABLED:
  case CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK:
  case CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH:
  case CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID:
  case CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID:
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED:
    *Value = 0;
    return true;
  case CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT:
    *Value = 1;
    return true;
  case CU_DEVICE_ATTRIBUTE_NUMA_ID:
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID:
    *Value = -1; // no NUMA placement is reported
    return true;
  default:
    return false;
  }
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

// ---- Devices -----------------------------------------------------------------

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
  if (CUresult Error = checkDevice(Device))
    return Error;
  std::snprintf(Name, static_cast<size_t>(Len), "%s", Runtime::get().properties().name);
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t *Bytes, CUdevice Device) {
  if (!Bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkDevice(Device))
    return Error;
  *Bytes = Runtime::get().properties().totalGlobalMem;
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *Bytes, CUdevice Device) {
  return cuDeviceTotalMem_v2(Bytes, Device);
}

CUresult cuDeviceGetAttribute(int *Value, CUdevice_attribute Attr, CUdevice Device) {
  if (!Value)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkDevice(Device))
    return Error;
  // The runtime's cudaDeviceAttr has the driver's numbering.
  if (Attr > 0 && Attr < CU_DEVICE_ATTRIBUTE_MAX &&
      loom::deviceAttribute(Runtime::get().properties(), static_cast<cudaDeviceAttr>(Attr),
                            Value))
    return CUDA_SUCCESS;
  return driverOnlyAttribute(Attr, Value) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDeviceComputeCapability(int *Major, int *Minor, CUdevice Device) {
  if (!Major || !Minor)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkDevice(Device))
    return Error;
  const cudaDeviceProp &Prop = Runtime::get().properties();
  *Major = Prop.major;
  *Minor = Prop.minor;
  return CUDA_SUCCESS;
}

// ---- Contexts ----------------------------------------------------------------

CUresult cuDevicePrimaryCtxRetain(CUcontext *Ctx, CUdevice Device) {
  if (!Ctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkDevice(Device))
    return Error;
  *Ctx = &PrimaryContext;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice Device) { return checkDevice(Device); }

CUresult cuDevicePrimaryCtxRelease(CUdevice Device) {
  return cuDevicePrimaryCtxRelease_v2(Device);
}

CUresult cuCtxCreate_v2(CUcontext *Ctx, unsigned int Flags, CUdevice Device) {
  if (!Ctx || !validContextFlags(Flags))
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkDevice(Device))
    return Error;
  CUcontext New = Runtime::get().contexts().create(CUctx_st{Flags, false});
  contextStack().push_back(New);
  *Ctx = New;
  return CUDA_SUCCESS;
}

CUresult cuCtxCreate(CUcontext *Ctx, unsigned int Flags, CUdevice Device) {
  return cuCtxCreate_v2(Ctx, Flags, Device);
}

CUresult cuCtxDestroy_v2(CUcontext Ctx) {
  if (!Ctx)
    return CUDA_ERROR_INVALID_VALUE;
  // The primary context is not destroyed this way
  // (cuDevicePrimaryCtxRelease); a destroyed one is no context.
  if (!Runtime::get().contexts().destroy(Ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  // All contexts share the device: its work is finished before the handle
  // goes. Allocations stay valid (they belong to the one device).
  Runtime::get().scheduler().waitAll();
  std::vector<CUcontext> &Stack = contextStack();
  if (!Stack.empty() && Stack.back() == Ctx)
    Stack.pop_back();
  return CUDA_SUCCESS;
}

CUresult cuCtxDestroy(CUcontext Ctx) { return cuCtxDestroy_v2(Ctx); }

CUresult cuCtxGetCurrent(CUcontext *Ctx) {
  if (!Ctx)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<CUcontext> &Stack = contextStack();
  *Ctx = Stack.empty() ? nullptr : Stack.back();
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext Ctx) {
  std::vector<CUcontext> &Stack = contextStack();
  if (!Ctx) {
    // Unbinds: pops the top of the stack, if any.
    if (!Stack.empty())
      Stack.pop_back();
    return CUDA_SUCCESS;
  }
  if (!isLive(Ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (Stack.empty())
    Stack.push_back(Ctx);
  else
    Stack.back() = Ctx;
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext Ctx) {
  if (!Ctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLive(Ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  contextStack().push_back(Ctx);
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext Ctx) { return cuCtxPushCurrent_v2(Ctx); }

CUresult cuCtxPopCurrent_v2(CUcontext *Ctx) {
  std::vector<CUcontext> &Stack = contextStack();
  if (Stack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (Ctx)
    *Ctx = Stack.back();
  Stack.pop_back();
  return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent(CUcontext *Ctx) { return cuCtxPopCurrent_v2(Ctx); }

CUresult cuCtxGetDevice(CUdevice *Device) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkCurrentContext())
    return Error;
  *Device = 0;
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void) {
  if (CUresult Error = checkCurrentContext())
    return Error;
  Runtime::get().scheduler().waitAll();
  // The runtime's sticky codes have the same numbers in the driver API.
  return static_cast<CUresult>(loom::stickyError());
}

// ---- Memory ------------------------------------------------------------------

CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  // Either pointer may be null (only the other value is wanted).
  if (!Free && !Total)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Error = checkCurrentContext())
    return Error;
  size_t F = 0, T = 0;
  cudaMemGetInfo(&F, &T); // cannot fail with valid pointers
  if (Free)
    *Free = F;
  if (Total)
    *Total = T;
  return CUDA_SUCCESS;
}

CUresult cuMemGetInfo(size_t *Free, size_t *Total) { return cuMemGetInfo_v2(Free, Total); }

} // extern "C"
