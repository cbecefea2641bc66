// DriverApi.cpp - the driver API subset in cuda.h: initialization, devices,
// contexts, memory (information, allocation, copies, fills), streams, error
// strings, modules and launches.
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
#include "core/Devices.h"
#include "core/KernelRegistry.h"
#include "scheduler/Scheduler.h"
#include "core/Runtime.h"
#include "support/ApiError.h"
#include "support/ErrorTable.h"

#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <mutex>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <unordered_set>
#include <vector>

using loom::Runtime;

namespace {

using DriverError = loom::ErrorInfo;

const DriverError *findDriverError(CUresult Code) {
  return loom::findErrorInfo(loom::ErrorApi::Driver, Code);
}

using loom::why;

/// Every failing driver call returns through here: with LOOM_LOG=errors it
/// prints the call, the CUresult's name and the reason: \p Why, else one
/// kept by a helper below the entry point (keep()) or by the runtime call
/// it made (viaRuntime), else the sticky error's. CUDA_SUCCESS passes.
CUresult fail(CUresult Code, const char *Why = nullptr,
              const char *Function = __builtin_FUNCTION(),
              const char *File = __builtin_FILE(),
              int Line = __builtin_LINE()) {
  if (Code == CUDA_SUCCESS || !loom::errorLogEnabled())
    return Code;
  if (!Why)
    Why = loom::takeKeptReason();
  if (!Why && Code == static_cast<CUresult>(loom::stickyError()))
    Why = loom::stickyErrorReason();
  const DriverError *E = findDriverError(Code);
  loom::logFailure(Function, E ? E->Name : "CUDA_ERROR_UNKNOWN", Why, File,
                   Line);
  return Code;
}

/// For helpers below the entry points: returns \p Code and keeps the
/// reason for the entry point's fail().
CUresult keep(CUresult Code, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));
CUresult keep(CUresult Code, const char *Format, ...) {
  if (!loom::errorLogEnabled())
    return Code;
  char Reason[512];
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(Reason, sizeof Reason, Format, Args);
  va_end(Args);
  loom::keepReason("%s", Reason);
  return Code;
}

CUresult checkDevice(CUdevice Device) {
  if (loom::devices::check(Device))
    return keep(CUDA_ERROR_INVALID_DEVICE, "device %d (devices: %d)", Device,
                loom::devices::count());
  return CUDA_SUCCESS;
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
    return keep(
        CUDA_ERROR_INVALID_CONTEXT,
        "the thread has no current context (its context stack is empty)");
  if (!isLive(Stack.back()))
    return keep(CUDA_ERROR_CONTEXT_IS_DESTROYED,
                "the current context %p was destroyed",
                static_cast<void *>(Stack.back()));
  return CUDA_SUCCESS;
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
  if (Flags != 0)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Flags %u (must be 0)", Flags));
  return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *Version) {
  if (!Version)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Version is null"));
  *Version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult Error, const char **Str) {
  if (!Str)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Str is null"));
  const DriverError *E = findDriverError(Error);
  *Str = E ? E->Name : nullptr;
  if (!E)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("unknown CUresult %d", int(Error)));
  return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult Error, const char **Str) {
  if (!Str)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Str is null"));
  const DriverError *E = findDriverError(Error);
  *Str = E ? E->Description : nullptr;
  if (!E)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("unknown CUresult %d", int(Error)));
  return CUDA_SUCCESS;
}

// ---- Devices -----------------------------------------------------------------

CUresult cuDeviceGet(CUdevice *Device, int Ordinal) {
  if (!Device)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Device is null"));
  if (loom::devices::check(Ordinal))
    return fail(
        CUDA_ERROR_INVALID_DEVICE,
        why("ordinal %d (devices: %d)", Ordinal, loom::devices::count()));
  *Device = Ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *Count) {
  if (!Count)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Count is null"));
  *Count = loom::devices::count();
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *Name, int Len, CUdevice Device) {
  if (!Name || Len <= 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("Name %p, Len %d", static_cast<void *>(Name), Len));
  if (CUresult Error = checkDevice(Device))
    return fail(Error);
  std::snprintf(Name, static_cast<size_t>(Len), "%s", Runtime::get().properties().name);
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t *Bytes, CUdevice Device) {
  if (!Bytes)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Bytes is null"));
  if (CUresult Error = checkDevice(Device))
    return fail(Error);
  *Bytes = loom::devices::memoryPerDevice(Runtime::get().properties().totalGlobalMem);
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *Bytes, CUdevice Device) {
  return cuDeviceTotalMem_v2(Bytes, Device);
}

CUresult cuDeviceGetAttribute(int *Value, CUdevice_attribute Attr, CUdevice Device) {
  if (!Value)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Value is null"));
  if (CUresult Error = checkDevice(Device))
    return fail(Error);
  // The runtime's cudaDeviceAttr has the driver's numbering.
  if (Attr > 0 && Attr < CU_DEVICE_ATTRIBUTE_MAX &&
      loom::deviceAttribute(Runtime::get().properties(), static_cast<cudaDeviceAttr>(Attr),
                            Value))
    return CUDA_SUCCESS;
  if (!driverOnlyAttribute(Attr, Value))
    return fail(CUDA_ERROR_INVALID_VALUE, why("attribute %d", int(Attr)));
  return CUDA_SUCCESS;
}

CUresult cuDeviceComputeCapability(int *Major, int *Minor, CUdevice Device) {
  if (!Major || !Minor)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("Major %p or Minor %p is null", static_cast<void *>(Major),
                    static_cast<void *>(Minor)));
  if (CUresult Error = checkDevice(Device))
    return fail(Error);
  const cudaDeviceProp &Prop = Runtime::get().properties();
  *Major = Prop.major;
  *Minor = Prop.minor;
  return CUDA_SUCCESS;
}

// ---- Contexts ----------------------------------------------------------------

CUresult cuDevicePrimaryCtxRetain(CUcontext *Ctx, CUdevice Device) {
  if (!Ctx)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Ctx is null"));
  if (CUresult Error = checkDevice(Device))
    return fail(Error);
  *Ctx = &PrimaryContext;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice Device) {
  return fail(checkDevice(Device));
}

CUresult cuDevicePrimaryCtxRelease(CUdevice Device) {
  return cuDevicePrimaryCtxRelease_v2(Device);
}

CUresult cuCtxCreate_v2(CUcontext *Ctx, unsigned int Flags, CUdevice Device) {
  if (!Ctx || !validContextFlags(Flags))
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("Ctx %p, Flags %#x", static_cast<void *>(Ctx), Flags));
  if (CUresult Error = checkDevice(Device))
    return fail(Error);
  CUcontext New = Runtime::get().contexts().create(CUctx_st{Flags, false});
  contextStack().push_back(New);
  *Ctx = New;
  return CUDA_SUCCESS;
}

CUresult cuCtxCreate(CUcontext *Ctx, unsigned int Flags, CUdevice Device) {
  return cuCtxCreate_v2(Ctx, Flags, Device);
}

CUresult cuCtxCreate_v4(CUcontext *Ctx, CUctxCreateParams *Params, unsigned int Flags,
                        CUdevice Device) {
  // Execution affinity (SM partitions) and CIG (graphics-shared contexts)
  // have no CPU counterpart.
  if (Params && ((Params->numExecAffinityParams > 0 && Params->execAffinityParams) ||
                 Params->cigParams))
    return fail(
        CUDA_ERROR_NOT_SUPPORTED,
        why("execution affinity or CIG parameters (no CPU counterpart)"));
  if (Params && Params->numExecAffinityParams < 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("numExecAffinityParams %d", Params->numExecAffinityParams));
  return cuCtxCreate_v2(Ctx, Flags, Device);
}

CUresult cuCtxDestroy_v2(CUcontext Ctx) {
  if (!Ctx)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Ctx is null"));
  // The primary context is not destroyed this way
  // (cuDevicePrimaryCtxRelease); a destroyed one is no context.
  if (!Runtime::get().contexts().destroy(Ctx))
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                why("context %p is not a live created context",
                    static_cast<void *>(Ctx)));
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
    return fail(CUDA_ERROR_INVALID_VALUE, why("Ctx is null"));
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
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                why("context %p is not live", static_cast<void *>(Ctx)));
  if (Stack.empty())
    Stack.push_back(Ctx);
  else
    Stack.back() = Ctx;
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext Ctx) {
  if (!Ctx)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Ctx is null"));
  if (!isLive(Ctx))
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                why("context %p is not live", static_cast<void *>(Ctx)));
  contextStack().push_back(Ctx);
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext Ctx) { return cuCtxPushCurrent_v2(Ctx); }

CUresult cuCtxPopCurrent_v2(CUcontext *Ctx) {
  std::vector<CUcontext> &Stack = contextStack();
  if (Stack.empty())
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                why("the thread's context stack is empty"));
  if (Ctx)
    *Ctx = Stack.back();
  Stack.pop_back();
  return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent(CUcontext *Ctx) { return cuCtxPopCurrent_v2(Ctx); }

CUresult cuCtxGetDevice(CUdevice *Device) {
  if (!Device)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Device is null"));
  if (CUresult Error = checkCurrentContext())
    return fail(Error);
  *Device = 0;
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void) {
  if (CUresult Error = checkCurrentContext())
    return fail(Error);
  Runtime::get().scheduler().waitAll();
  // The runtime's sticky codes have the same numbers in the driver API.
  return fail(static_cast<CUresult>(loom::stickyError()));
}

// ---- Memory ------------------------------------------------------------------

CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  // Either pointer may be null (only the other value is wanted).
  if (!Free && !Total)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Free and Total are both null"));
  if (CUresult Error = checkCurrentContext())
    return fail(Error);
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

// ---- Modules -----------------------------------------------------------------
//
// A Loom program's kernels are host code plus a registered device module, so
// what a program can load at run time is a shared object built by
// `loomcc -shared`: dlopen runs its registration constructors, and a kernel
// is then found through its host stub, which clang names after the kernel
// (`__device_stub__` prefixed to the kernel's own name inside its mangling).
// A CUfunction is that stub, so cuLaunchKernel is cudaLaunchKernel.

struct CUmod_st {
  void *Handle = nullptr;
  int Fd = -1; ///< the memfd of an image loaded from memory
};

namespace {

std::mutex ModulesM;
std::unordered_set<CUmodule> &liveModules() {
  static std::unordered_set<CUmodule> Live;
  return Live;
}

bool isModule(CUmodule M) {
  std::lock_guard<std::mutex> Lock(ModulesM);
  return M && liveModules().count(M);
}

enum class ImageKind { SharedObject, Unsupported, Invalid };

/// What the first bytes of an image say it is.
ImageKind classify(const unsigned char *P, size_t Size) {
  if (Size >= 20 && std::memcmp(P, "\x7f" "ELF", 4) == 0) {
    uint16_t Type, Machine;
    std::memcpy(&Type, P + 16, 2);
    std::memcpy(&Machine, P + 18, 2);
    if (Machine == 190) // EM_CUDA: an NVIDIA cubin
      return ImageKind::Unsupported;
    return Type == 3 /* ET_DYN */ ? ImageKind::SharedObject : ImageKind::Invalid;
  }
  if (Size >= 4 && P[0] == 0x50 && P[1] == 0xed && P[2] == 0x55 && P[3] == 0xba)
    return ImageKind::Unsupported; // fat binary
  // PTX text: comments, then directives such as .version.
  size_t I = 0;
  while (I < Size && (P[I] == ' ' || P[I] == '\t' || P[I] == '\n' || P[I] == '\r'))
    ++I;
  if (I + 1 < Size && ((P[I] == '/' && P[I + 1] == '/') || P[I] == '.'))
    return ImageKind::Unsupported;
  return ImageKind::Invalid;
}

CUresult refuse(ImageKind K, const char *What) {
  if (K == ImageKind::Unsupported) {
    std::fprintf(stderr,
                 "loom: %s: PTX, cubin and fat binary images cannot be loaded; build the "
                 "kernels into a shared object with `loomcc -shared` and load that\n",
                 What);
    return keep(CUDA_ERROR_NOT_SUPPORTED,
                "%s: PTX, cubin and fat binary images cannot be loaded", What);
  }
  return keep(CUDA_ERROR_INVALID_IMAGE,
              "%s is not a shared object built by loomcc -shared", What);
}

CUresult openModule(CUmodule *Module, const char *Path, int Fd) {
  void *Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  if (!Handle) {
    std::fprintf(stderr, "loom: cannot load module: %s\n", dlerror());
    if (Fd >= 0)
      close(Fd);
    return keep(CUDA_ERROR_INVALID_IMAGE, "dlopen(%s) failed", Path);
  }
  auto *M = new CUmod_st;
  M->Handle = Handle;
  M->Fd = Fd;
  std::lock_guard<std::mutex> Lock(ModulesM);
  liveModules().insert(M);
  *Module = M;
  return CUDA_SUCCESS;
}

/// The byte size of an ELF64 image: the furthest header table or segment.
size_t elfSize(const unsigned char *P) {
  uint64_t PhOff, ShOff;
  uint16_t PhEntSize, PhNum, ShEntSize, ShNum;
  std::memcpy(&PhOff, P + 32, 8);
  std::memcpy(&ShOff, P + 40, 8);
  std::memcpy(&PhEntSize, P + 54, 2);
  std::memcpy(&PhNum, P + 56, 2);
  std::memcpy(&ShEntSize, P + 58, 2);
  std::memcpy(&ShNum, P + 60, 2);
  uint64_t End = ShOff + uint64_t(ShEntSize) * ShNum;
  uint64_t Ph = PhOff + uint64_t(PhEntSize) * PhNum;
  if (Ph > End)
    End = Ph;
  for (uint16_t I = 0; I < PhNum; ++I) {
    const unsigned char *E = P + PhOff + uint64_t(I) * PhEntSize;
    uint64_t Offset, FileSize;
    std::memcpy(&Offset, E + 8, 8);
    std::memcpy(&FileSize, E + 32, 8);
    if (Offset + FileSize > End)
      End = Offset + FileSize;
  }
  return size_t(End);
}

/// The host stub clang emits for the kernel whose device-side name is
/// \p Name: extern "C" kernels get the prefix, mangled ones get it inside
/// their (last, for nested names) source name.
std::string stubName(const std::string &Name) {
  const std::string Prefix = "__device_stub__";
  if (Name.compare(0, 2, "_Z") != 0)
    return Prefix + Name;
  size_t I = 2;
  bool Nested = I < Name.size() && Name[I] == 'N';
  if (Nested)
    ++I;
  size_t Last = std::string::npos, LastLen = 0;
  while (I < Name.size() && std::isdigit(static_cast<unsigned char>(Name[I]))) {
    size_t Len = 0, J = I;
    while (J < Name.size() && std::isdigit(static_cast<unsigned char>(Name[J])))
      Len = Len * 10 + size_t(Name[J++] - '0');
    Last = I;
    LastLen = Len;
    I = J + Len;
    if (!Nested)
      break;
  }
  if (Last == std::string::npos)
    return Name;
  size_t Digits = 0;
  while (std::isdigit(static_cast<unsigned char>(Name[Last + Digits])))
    ++Digits;
  return Name.substr(0, Last) + std::to_string(LastLen + Prefix.size()) + Prefix +
         Name.substr(Last + Digits);
}

/// The runtime's launch errors in driver terms (the sticky codes and most
/// others have the same values).
CUresult driverCode(cudaError_t E) {
  switch (E) {
  case cudaErrorInvalidConfiguration: return CUDA_ERROR_INVALID_VALUE;
  case cudaErrorInvalidDeviceFunction: return CUDA_ERROR_INVALID_HANDLE;
  default: return static_cast<CUresult>(E);
  }
}

} // namespace

extern "C" {

CUresult cuModuleLoad(CUmodule *Module, const char *Path) {
  if (!Module || !Path)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("Module %p or Path %p is null", static_cast<void *>(Module),
                    static_cast<const void *>(Path)));
  if (CUresult Error = checkCurrentContext())
    return fail(Error);
  std::FILE *F = std::fopen(Path, "rb");
  if (!F)
    return fail(CUDA_ERROR_FILE_NOT_FOUND, why("cannot open %s", Path));
  unsigned char Head[64];
  size_t Got = std::fread(Head, 1, sizeof Head, F);
  std::fclose(F);
  ImageKind K = classify(Head, Got);
  if (K != ImageKind::SharedObject)
    return fail(refuse(K, Path));
  // dlopen searches the library path for a bare name: a relative path
  // names a file, as in CUDA.
  std::string Name = std::strchr(Path, '/') ? std::string(Path) : "./" + std::string(Path);
  return openModule(Module, Name.c_str(), -1);
}

CUresult cuModuleLoadData(CUmodule *Module, const void *Image) {
  if (!Module || !Image)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("Module %p or Image %p is null",
                    static_cast<void *>(Module), Image));
  if (CUresult Error = checkCurrentContext())
    return fail(Error);
  const auto *P = static_cast<const unsigned char *>(Image);
  // An ELF header is 64 bytes; text images end at their NUL.
  size_t Probe = std::memcmp(P, "\x7f" "ELF", 4) == 0 ? 64 : std::strlen((const char *)P);
  ImageKind K = classify(P, Probe);
  if (K != ImageKind::SharedObject)
    return fail(refuse(K, "the image"));
  if (P[4] != 2) // ELFCLASS64
    return fail(CUDA_ERROR_INVALID_IMAGE, why("a 32-bit ELF image"));
  int Fd = memfd_create("loom-module", MFD_CLOEXEC);
  if (Fd < 0)
    return fail(CUDA_ERROR_OPERATING_SYSTEM, why("memfd_create failed"));
  size_t Size = elfSize(P), Done = 0;
  while (Done < Size) {
    ssize_t N = write(Fd, P + Done, Size - Done);
    if (N <= 0) {
      close(Fd);
      return fail(CUDA_ERROR_OPERATING_SYSTEM,
                  why("writing the image to a memfd failed"));
    }
    Done += size_t(N);
  }
  std::string Path = "/proc/self/fd/" + std::to_string(Fd);
  return openModule(Module, Path.c_str(), Fd);
}

CUresult cuModuleLoadDataEx(CUmodule *Module, const void *Image, unsigned int, CUjit_option *,
                            void **) {
  return cuModuleLoadData(Module, Image); // JIT options have nothing to act on
}

CUresult cuModuleLoadFatBinary(CUmodule *Module, const void *FatCubin) {
  if (!Module || !FatCubin)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("Module %p or FatCubin %p is null",
                    static_cast<void *>(Module), FatCubin));
  return fail(refuse(ImageKind::Unsupported, "the fat binary"));
}

CUresult cuModuleUnload(CUmodule Module) {
  {
    std::lock_guard<std::mutex> Lock(ModulesM);
    if (!Module || !liveModules().erase(Module))
      return fail(CUDA_ERROR_INVALID_HANDLE,
                  why("module %p is not loaded", static_cast<void *>(Module)));
  }
  Runtime::get().scheduler().waitAll(); // its kernels may still run
  dlclose(Module->Handle);
  if (Module->Fd >= 0)
    close(Module->Fd);
  delete Module;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *Function, CUmodule Module, const char *Name) {
  if (!Function || !Name)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Function %p or Name %p is null",
                                              static_cast<void *>(Function),
                                              static_cast<const void *>(Name)));
  if (!isModule(Module))
    return fail(CUDA_ERROR_INVALID_HANDLE,
                why("module %p is not loaded", static_cast<void *>(Module)));
  for (const std::string &Candidate : {stubName(Name), std::string(Name)}) {
    void *Stub = dlsym(Module->Handle, Candidate.c_str());
    if (!Stub)
      continue;
    loom::KernelInfo Kernel;
    if (loom::KernelRegistry::get().lookupKernel(Stub, &Kernel) == cudaSuccess) {
      *Function = static_cast<CUfunction>(Stub);
      return CUDA_SUCCESS;
    }
  }
  return fail(CUDA_ERROR_NOT_FOUND, why("no kernel named %s in module %p", Name,
                                        static_cast<void *>(Module)));
}

CUresult cuModuleGetGlobal_v2(CUdeviceptr *Ptr, size_t *Bytes, CUmodule Module,
                              const char *Name) {
  if (!Name)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Name is null"));
  if (!isModule(Module))
    return fail(CUDA_ERROR_INVALID_HANDLE,
                why("module %p is not loaded", static_cast<void *>(Module)));
  // Host shadows are local symbols: find the registered variable of that
  // name whose shadow lies in this module's object.
  struct link_map *Map = nullptr;
  if (dlinfo(Module->Handle, RTLD_DI_LINKMAP, &Map) != 0 || !Map)
    return fail(CUDA_ERROR_NOT_FOUND,
                why("module %p has no link map", static_cast<void *>(Module)));
  const void *Shadow = nullptr;
  for (const void *Var : loom::KernelRegistry::get().hostVarsNamed(Name)) {
    Dl_info Info;
    if (dladdr(Var, &Info) && Info.dli_fbase == reinterpret_cast<void *>(Map->l_addr))
      Shadow = Var;
  }
  void *Address;
  size_t Size;
  if (!Shadow ||
      loom::KernelRegistry::get().lookupVar(Shadow, &Address, &Size) != cudaSuccess)
    return fail(CUDA_ERROR_NOT_FOUND,
                why("no __device__ variable named %s in module %p", Name,
                    static_cast<void *>(Module)));
  if (Ptr)
    *Ptr = reinterpret_cast<CUdeviceptr>(Address);
  if (Bytes)
    *Bytes = Size;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetGlobal(CUdeviceptr *Ptr, size_t *Bytes, CUmodule Module, const char *Name) {
  return cuModuleGetGlobal_v2(Ptr, Bytes, Module, Name);
}

CUresult cuLaunchKernel(CUfunction F, unsigned int GridX, unsigned int GridY,
                        unsigned int GridZ, unsigned int BlockX, unsigned int BlockY,
                        unsigned int BlockZ, unsigned int SharedMem, CUstream Stream,
                        void **KernelParams, void **Extra) {
  if (CUresult Error = checkCurrentContext())
    return fail(Error);
  loom::KernelInfo Kernel;
  if (!F || loom::KernelRegistry::get().lookupKernel(F, &Kernel) != cudaSuccess)
    return fail(
        CUDA_ERROR_INVALID_HANDLE,
        why("function %p is not a registered kernel", static_cast<void *>(F)));
  const LoomKernelDesc &D = *Kernel.Desc;
  if (KernelParams && Extra)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("both kernelParams and extra are given"));
  std::vector<void *> Packed;
  if (Extra) {
    const unsigned char *Buffer = nullptr;
    size_t Size = 0;
    bool HaveSize = false;
    for (void **E = Extra; *E != CU_LAUNCH_PARAM_END; E += 2) {
      if (E[0] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        Buffer = static_cast<const unsigned char *>(E[1]);
      else if (E[0] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
        Size = *static_cast<const size_t *>(E[1]);
        HaveSize = true;
      } else
        return fail(CUDA_ERROR_INVALID_VALUE,
                    why("unknown extra option %p", E[0]));
    }
    if (D.numArgs && (!Buffer || !HaveSize))
      return fail(CUDA_ERROR_INVALID_VALUE,
                  why("extra lacks CU_LAUNCH_PARAM_BUFFER_POINTER or _SIZE for "
                      "%u arguments",
                      D.numArgs));
    size_t Offset = 0;
    for (uint32_t I = 0; I < D.numArgs; ++I) {
      size_t Align = D.argAligns[I] ? D.argAligns[I] : 1;
      Offset = (Offset + Align - 1) / Align * Align;
      if (Offset + D.argSizes[I] > Size)
        return fail(
            CUDA_ERROR_INVALID_VALUE,
            why("argument %u ends at byte %zu of a %zu-byte extra buffer", I,
                Offset + D.argSizes[I], Size));
      Packed.push_back(const_cast<unsigned char *>(Buffer) + Offset);
      Offset += D.argSizes[I];
    }
    KernelParams = Packed.empty() ? nullptr : Packed.data();
  }
  // Driver calls leave the runtime's last error as it was.
  bool HadError = cudaPeekAtLastError() != cudaSuccess;
  loom::RuntimeOnBehalf Quiet;
  cudaError_t E = cudaLaunchKernel(F, dim3(GridX, GridY, GridZ), dim3(BlockX, BlockY, BlockZ),
                                   KernelParams, SharedMem, reinterpret_cast<cudaStream_t>(Stream));
  if (E != cudaSuccess && !HadError)
    cudaGetLastError();
  return fail(driverCode(E));
}

CUresult cuFuncGetAttribute(int *Value, CUfunction_attribute Attr, CUfunction F) {
  if (!Value)
    return fail(CUDA_ERROR_INVALID_VALUE, why("Value is null"));
  cudaFuncAttributes A;
  bool HadError = cudaPeekAtLastError() != cudaSuccess;
  cudaError_t E;
  {
    loom::RuntimeOnBehalf Quiet;
    E = cudaFuncGetAttributes(&A, F);
  }
  if (E != cudaSuccess) {
    if (!HadError)
      cudaGetLastError();
    return fail(
        CUDA_ERROR_INVALID_HANDLE,
        why("function %p is not a registered kernel", static_cast<void *>(F)));
  }
  switch (Attr) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *Value = A.maxThreadsPerBlock; break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *Value = int(A.sharedSizeBytes); break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *Value = int(A.constSizeBytes); break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *Value = int(A.localSizeBytes); break;
  case CU_FUNC_ATTRIBUTE_NUM_REGS: *Value = A.numRegs; break;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION: *Value = A.ptxVersion; break;
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *Value = A.binaryVersion; break;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA: *Value = A.cacheModeCA; break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *Value = A.maxDynamicSharedSizeBytes; break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    *Value = A.preferredShmemCarveout;
    break;
  default:
    return fail(CUDA_ERROR_INVALID_VALUE, why("attribute %d", int(Attr)));
  }
  return CUDA_SUCCESS;
}

} // extern "C"

// ---- Memory and streams ------------------------------------------------------
//
// Device memory is the runtime's: each call is the runtime call that does
// the same thing (same allocation map, range checks and stream order), with
// the runtime's last error left as it was and the code in driver terms.

namespace {

/// Runs the runtime call \p C for the driver entry point \p Function
/// (the caller, by default) and logs a failure under the entry point's
/// name, with the runtime call's reason.
template <class Call>
CUresult viaRuntime(Call &&C, const char *Function = __builtin_FUNCTION(),
                    const char *File = __builtin_FILE(),
                    int Line = __builtin_LINE()) {
  if (CUresult Error = checkCurrentContext())
    return fail(Error, nullptr, Function, File, Line);
  bool HadError = cudaPeekAtLastError() != cudaSuccess;
  cudaError_t E;
  {
    loom::RuntimeOnBehalf Quiet;
    E = C();
  }
  if (E != cudaSuccess && !HadError)
    cudaGetLastError();
  // A pointer the allocation map does not know is CUDA_ERROR_INVALID_VALUE
  // in the driver API (it has no invalid-device-pointer code).
  CUresult R = E == cudaErrorInvalidDevicePointer ? CUDA_ERROR_INVALID_VALUE
                                                  : driverCode(E);
  return fail(R, nullptr, Function, File, Line);
}

void *ptr(CUdeviceptr P) { return reinterpret_cast<void *>(static_cast<uintptr_t>(P)); }

cudaStream_t stream(CUstream S) { return reinterpret_cast<cudaStream_t>(S); }

} // namespace

extern "C" {

CUresult cuMemAlloc_v2(CUdeviceptr *Ptr, size_t Bytes) {
  if (!Ptr || Bytes == 0) // the driver refuses an empty allocation
    return fail(
        CUDA_ERROR_INVALID_VALUE,
        why("Ptr %p, Bytes %zu (the driver refuses an empty allocation)",
            static_cast<void *>(Ptr), Bytes));
  void *P = nullptr;
  CUresult R = viaRuntime([&] { return cudaMalloc(&P, Bytes); });
  if (R == CUDA_SUCCESS)
    *Ptr = static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(P));
  return R;
}

CUresult cuMemAlloc(CUdeviceptr *Ptr, size_t Bytes) { return cuMemAlloc_v2(Ptr, Bytes); }

CUresult cuMemFree_v2(CUdeviceptr Ptr) {
  return viaRuntime([&] { return cudaFree(ptr(Ptr)); });
}

CUresult cuMemFree(CUdeviceptr Ptr) { return cuMemFree_v2(Ptr); }

CUresult cuMemAllocHost_v2(void **P, size_t Bytes) {
  if (!P)
    return fail(CUDA_ERROR_INVALID_VALUE, why("P is null"));
  return viaRuntime([&] { return cudaMallocHost(P, Bytes); });
}

CUresult cuMemAllocHost(void **P, size_t Bytes) { return cuMemAllocHost_v2(P, Bytes); }

CUresult cuMemFreeHost(void *P) {
  return viaRuntime([&] { return cudaFreeHost(P); });
}

CUresult cuMemHostAlloc(void **P, size_t Bytes, unsigned int Flags) {
  // CU_MEMHOSTALLOC_* have cudaHostAlloc*'s values.
  if (!P)
    return fail(CUDA_ERROR_INVALID_VALUE, why("P is null"));
  return viaRuntime([&] { return cudaHostAlloc(P, Bytes, Flags); });
}

CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *DevPtr, void *P, unsigned int Flags) {
  if (!DevPtr)
    return fail(CUDA_ERROR_INVALID_VALUE, why("DevPtr is null"));
  void *D = nullptr;
  CUresult R = viaRuntime([&] { return cudaHostGetDevicePointer(&D, P, Flags); });
  if (R == CUDA_SUCCESS)
    *DevPtr = static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(D));
  return R;
}

CUresult cuMemHostGetDevicePointer(CUdeviceptr *DevPtr, void *P, unsigned int Flags) {
  return cuMemHostGetDevicePointer_v2(DevPtr, P, Flags);
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr Dst, const void *Src, size_t Count) {
  return viaRuntime([&] { return cudaMemcpy(ptr(Dst), Src, Count, cudaMemcpyHostToDevice); });
}

CUresult cuMemcpyHtoD(CUdeviceptr Dst, const void *Src, size_t Count) {
  return cuMemcpyHtoD_v2(Dst, Src, Count);
}

CUresult cuMemcpyDtoH_v2(void *Dst, CUdeviceptr Src, size_t Count) {
  return viaRuntime([&] { return cudaMemcpy(Dst, ptr(Src), Count, cudaMemcpyDeviceToHost); });
}

CUresult cuMemcpyDtoH(void *Dst, CUdeviceptr Src, size_t Count) {
  return cuMemcpyDtoH_v2(Dst, Src, Count);
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr Dst, CUdeviceptr Src, size_t Count) {
  return viaRuntime(
      [&] { return cudaMemcpy(ptr(Dst), ptr(Src), Count, cudaMemcpyDeviceToDevice); });
}

CUresult cuMemcpyDtoD(CUdeviceptr Dst, CUdeviceptr Src, size_t Count) {
  return cuMemcpyDtoD_v2(Dst, Src, Count);
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr Dst, const void *Src, size_t Count, CUstream S) {
  return viaRuntime(
      [&] { return cudaMemcpyAsync(ptr(Dst), Src, Count, cudaMemcpyHostToDevice, stream(S)); });
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr Dst, const void *Src, size_t Count, CUstream S) {
  return cuMemcpyHtoDAsync_v2(Dst, Src, Count, S);
}

CUresult cuMemcpyDtoHAsync_v2(void *Dst, CUdeviceptr Src, size_t Count, CUstream S) {
  return viaRuntime(
      [&] { return cudaMemcpyAsync(Dst, ptr(Src), Count, cudaMemcpyDeviceToHost, stream(S)); });
}

CUresult cuMemcpyDtoHAsync(void *Dst, CUdeviceptr Src, size_t Count, CUstream S) {
  return cuMemcpyDtoHAsync_v2(Dst, Src, Count, S);
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr Dst, CUdeviceptr Src, size_t Count, CUstream S) {
  return viaRuntime([&] {
    return cudaMemcpyAsync(ptr(Dst), ptr(Src), Count, cudaMemcpyDeviceToDevice, stream(S));
  });
}

CUresult cuMemcpyDtoDAsync(CUdeviceptr Dst, CUdeviceptr Src, size_t Count, CUstream S) {
  return cuMemcpyDtoDAsync_v2(Dst, Src, Count, S);
}

CUresult cuMemsetD8_v2(CUdeviceptr Dst, unsigned char Value, size_t N) {
  return viaRuntime([&] { return cudaMemset(ptr(Dst), Value, N); });
}

CUresult cuMemsetD8(CUdeviceptr Dst, unsigned char Value, size_t N) {
  return cuMemsetD8_v2(Dst, Value, N);
}

CUresult cuStreamCreate(CUstream *S, unsigned int Flags) {
  if (!S)
    return fail(CUDA_ERROR_INVALID_VALUE, why("S is null"));
  if (Flags & ~unsigned(CU_STREAM_NON_BLOCKING))
    return fail(CUDA_ERROR_INVALID_VALUE, why("Flags %#x", Flags));
  cudaStream_t R = nullptr;
  CUresult E = viaRuntime([&] { return cudaStreamCreateWithFlags(&R, Flags); });
  if (E == CUDA_SUCCESS)
    *S = reinterpret_cast<CUstream>(R);
  return E;
}

CUresult cuStreamDestroy_v2(CUstream S) {
  return viaRuntime([&] { return cudaStreamDestroy(stream(S)); });
}

CUresult cuStreamDestroy(CUstream S) { return cuStreamDestroy_v2(S); }

CUresult cuStreamSynchronize(CUstream S) {
  return viaRuntime([&] { return cudaStreamSynchronize(stream(S)); });
}

CUresult cuStreamQuery(CUstream S) {
  return viaRuntime([&] { return cudaStreamQuery(stream(S)); });
}

} // extern "C"

// ---- Occupancy ----------------------------------------------------------------

extern "C" {

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *NumBlocks, CUfunction F, int BlockSize,
                                                     size_t DynamicShared) {
  return viaRuntime([&] {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(NumBlocks, F, BlockSize, DynamicShared);
  });
}

CUresult cuOccupancyMaxPotentialBlockSize(int *MinGridSize, int *BlockSize, CUfunction F,
                                          CUoccupancyB2DSize BlockToShared, size_t DynamicShared,
                                          int BlockSizeLimit) {
  if (!BlockToShared)
    return viaRuntime([&] {
      return __loomOccupancyMaxPotentialBlockSize(MinGridSize, BlockSize, F, DynamicShared,
                                                  BlockSizeLimit);
    });
  // Dynamic shared memory that depends on the block size: the runtime's
  // search (the limit, then multiples of the warp size downwards), asking
  // the callback for each size.
  if (!MinGridSize || !BlockSize || BlockSizeLimit < 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                why("MinGridSize %p, BlockSize %p, BlockSizeLimit %d",
                    static_cast<void *>(MinGridSize),
                    static_cast<void *>(BlockSize), BlockSizeLimit));
  cudaFuncAttributes A;
  CUresult R = viaRuntime([&] { return cudaFuncGetAttributes(&A, F); });
  if (R != CUDA_SUCCESS) // logged
    return R == CUDA_ERROR_INVALID_VALUE ? CUDA_ERROR_INVALID_HANDLE : R;
  int Limit = A.maxThreadsPerBlock;
  if (BlockSizeLimit > 0 && BlockSizeLimit < Limit)
    Limit = BlockSizeLimit;
  int BestSize = 0, BestThreads = -1, BestBlocks = 0;
  auto consider = [&](int Size) -> CUresult {
    int Blocks = 0;
    CUresult E = viaRuntime(
        [&] {
          return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
              &Blocks, F, Size, BlockToShared(Size));
        },
        "cuOccupancyMaxPotentialBlockSize");
    if (E == CUDA_SUCCESS && Blocks * Size > BestThreads) {
      BestThreads = Blocks * Size;
      BestSize = Size;
      BestBlocks = Blocks;
    }
    return E;
  };
  if (CUresult E = consider(Limit))
    return E;
  for (int Size = (Limit - 1) / 32 * 32; Size > 0; Size -= 32)
    if (CUresult E = consider(Size))
      return E;
  int SMs = 0;
  cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, 0);
  *BlockSize = BestSize;
  *MinGridSize = BestBlocks * SMs;
  return CUDA_SUCCESS;
}

} // extern "C"
