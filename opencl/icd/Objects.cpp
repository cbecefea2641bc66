// Objects.cpp - the platform, its CPU device, contexts and memory objects.
// SPDX-License-Identifier: Apache-2.0
//
// The one device is the host CPU as libloomrt sees it (its worker pool runs
// the work-groups). Every value the info queries report is the truth about
// this implementation: what it does not support (images, SVM, pipes,
// sub-groups, device-side enqueue, program binaries) reads as absent, and
// docs/opencl.md lists it.
#include "Objects.h"

#include "cuda_runtime_api.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <fstream>
#include <unistd.h>

namespace loomcl {

_cl_platform_id ThePlatform;
_cl_device_id TheDevice;

cl_int info(size_t Size, void *Value, size_t *SizeRet, const void *Data, size_t DataSize) {
  if (Value) {
    if (Size < DataSize)
      return CL_INVALID_VALUE;
    if (DataSize)
      std::memcpy(Value, Data, DataSize);
  }
  if (SizeRet)
    *SizeRet = DataSize;
  return CL_SUCCESS;
}

cl_int infoString(size_t Size, void *Value, size_t *SizeRet, const std::string &S) {
  return info(Size, Value, SizeRet, S.c_str(), S.size() + 1);
}

namespace {

const char *PlatformVersion = "OpenCL 3.0 Loom " LOOM_VERSION_STRING;
const char *Extensions = "cl_khr_icd cl_khr_fp64 cl_khr_global_int32_base_atomics "
                         "cl_khr_global_int32_extended_atomics cl_khr_local_int32_base_atomics "
                         "cl_khr_local_int32_extended_atomics cl_khr_byte_addressable_store "
                         "cl_khr_3d_image_writes cl_khr_subgroups";

std::string cpuName() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("model name", 0) == 0) {
      size_t Colon = Line.find(':');
      if (Colon != std::string::npos) {
        size_t Start = Line.find_first_not_of(' ', Colon + 1);
        return Start == std::string::npos ? "CPU" : Line.substr(Start);
      }
    }
  return "CPU";
}

const cudaDeviceProp &props() {
  static cudaDeviceProp P = [] {
    cudaDeviceProp Q{};
    cudaGetDeviceProperties(&Q, 0);
    return Q;
  }();
  return P;
}

cl_ulong physicalMemory() {
  long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  return Pages > 0 && PageSize > 0 ? static_cast<cl_ulong>(Pages) * PageSize : (1ull << 30);
}

cl_ulong maxAlloc() {
  return std::max<cl_ulong>(physicalMemory() / 4, 128ull << 20);
}

} // namespace

/// The widest vector register in bytes, as the running CPU reports it.
cl_uint vectorBytes() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return 64;
  if (__builtin_cpu_supports("avx2") || __builtin_cpu_supports("avx"))
    return 32;
  return 16;
}

namespace {

cl_version_khr version(cl_uint Major, cl_uint Minor) { return CL_MAKE_VERSION(Major, Minor, 0); }

cl_name_version nameVersion(const char *Name, cl_version V) {
  cl_name_version N{};
  N.version = V;
  std::strncpy(N.name, Name, CL_NAME_VERSION_MAX_NAME_SIZE - 1);
  return N;
}

std::vector<cl_name_version> extensionsWithVersion() {
  std::vector<cl_name_version> Out;
  std::string All = Extensions;
  size_t Pos = 0;
  while (Pos < All.size()) {
    size_t End = All.find(' ', Pos);
    if (End == std::string::npos)
      End = All.size();
    Out.push_back(nameVersion(All.substr(Pos, End - Pos).c_str(), version(1, 0)));
    Pos = End + 1;
  }
  return Out;
}

cl_int CL_API_CALL GetPlatformIDs(cl_uint NumEntries, cl_platform_id *Platforms,
                                  cl_uint *NumPlatforms) {
  if ((NumEntries == 0 && Platforms) || (!Platforms && !NumPlatforms))
    return CL_INVALID_VALUE;
  if (Platforms)
    Platforms[0] = &ThePlatform;
  if (NumPlatforms)
    *NumPlatforms = 1;
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetPlatformInfo(cl_platform_id Platform, cl_platform_info Param, size_t Size,
                                   void *Value, size_t *SizeRet) {
  if (Platform && !valid(Platform, PlatformMagic))
    return CL_INVALID_PLATFORM;
  switch (Param) {
  case CL_PLATFORM_PROFILE:
    return infoString(Size, Value, SizeRet, "FULL_PROFILE");
  case CL_PLATFORM_VERSION:
    return infoString(Size, Value, SizeRet, PlatformVersion);
  case CL_PLATFORM_NUMERIC_VERSION:
    return infoValue(Size, Value, SizeRet, version(3, 0));
  case CL_PLATFORM_NAME:
    return infoString(Size, Value, SizeRet, "Loom");
  case CL_PLATFORM_VENDOR:
    return infoString(Size, Value, SizeRet, "The Loom project");
  case CL_PLATFORM_EXTENSIONS:
    return infoString(Size, Value, SizeRet, "cl_khr_icd");
  case CL_PLATFORM_EXTENSIONS_WITH_VERSION: {
    cl_name_version N = nameVersion("cl_khr_icd", version(1, 0));
    return info(Size, Value, SizeRet, &N, sizeof N);
  }
  case CL_PLATFORM_ICD_SUFFIX_KHR:
    return infoString(Size, Value, SizeRet, "Loom");
  case CL_PLATFORM_HOST_TIMER_RESOLUTION:
    return infoValue<cl_ulong>(Size, Value, SizeRet, 0); // no clGetHostTimer
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL GetDeviceIDs(cl_platform_id Platform, cl_device_type Type,
                                cl_uint NumEntries, cl_device_id *Devices, cl_uint *NumDevices) {
  if (Platform && !valid(Platform, PlatformMagic))
    return CL_INVALID_PLATFORM;
  const cl_device_type Known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                               CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
  if (Type != CL_DEVICE_TYPE_ALL && (Type & ~Known))
    return CL_INVALID_DEVICE_TYPE;
  if ((NumEntries == 0 && Devices) || (!Devices && !NumDevices))
    return CL_INVALID_VALUE;
  bool Match = Type == CL_DEVICE_TYPE_ALL || (Type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT));
  if (NumDevices)
    *NumDevices = Match ? 1 : 0;
  if (!Match)
    return CL_DEVICE_NOT_FOUND;
  if (Devices)
    Devices[0] = &TheDevice;
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetDeviceInfo(cl_device_id Device, cl_device_info Param, size_t Size,
                                 void *Value, size_t *SizeRet) {
  if (!valid(Device, DeviceMagic))
    return CL_INVALID_DEVICE;
  auto U = [&](cl_uint V) { return infoValue(Size, Value, SizeRet, V); };
  auto UL = [&](cl_ulong V) { return infoValue(Size, Value, SizeRet, V); };
  auto SZ = [&](size_t V) { return infoValue(Size, Value, SizeRet, V); };
  auto B = [&](cl_bool V) { return infoValue(Size, Value, SizeRet, V); };
  auto S = [&](const std::string &V) { return infoString(Size, Value, SizeRet, V); };
  cl_uint VecBytes = vectorBytes();
  const cl_device_fp_config FP = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
                          CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF | CL_FP_FMA |
                          CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
  switch (Param) {
  case CL_DEVICE_TYPE:
    return infoValue<cl_device_type>(Size, Value, SizeRet, CL_DEVICE_TYPE_CPU);
  case CL_DEVICE_VENDOR_ID:
    return U(0);
  case CL_DEVICE_MAX_COMPUTE_UNITS:
    return U(static_cast<cl_uint>(std::max(1, props().multiProcessorCount)));
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
    return U(3);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    size_t Sizes[3] = {static_cast<size_t>(props().maxThreadsDim[0]),
                       static_cast<size_t>(props().maxThreadsDim[1]),
                       static_cast<size_t>(props().maxThreadsDim[2])};
    return info(Size, Value, SizeRet, Sizes, sizeof Sizes);
  }
  case CL_DEVICE_MAX_WORK_GROUP_SIZE:
    return SZ(static_cast<size_t>(props().maxThreadsPerBlock));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    return U(VecBytes);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    return U(VecBytes / 2);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    return U(VecBytes / 4);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    return U(VecBytes / 8);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
    return U(0); // no cl_khr_fp16
  case CL_DEVICE_MAX_CLOCK_FREQUENCY:
    return U(static_cast<cl_uint>(props().clockRate / 1000));
  case CL_DEVICE_ADDRESS_BITS:
    return U(64);
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
    return UL(maxAlloc());
  // Images (Image.cpp): the limits createImage enforces.
  case CL_DEVICE_IMAGE_SUPPORT:
    return B(CL_TRUE);
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    return U(128);
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
    return U(64);
  case CL_DEVICE_MAX_SAMPLERS:
    return U(16);
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT: // pixels
  case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    return U(1);
  case CL_DEVICE_IMAGE2D_MAX_WIDTH:
  case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    return SZ(16384);
  case CL_DEVICE_IMAGE3D_MAX_WIDTH:
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
  case CL_DEVICE_IMAGE3D_MAX_DEPTH:
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
    return SZ(2048);
  case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    return SZ(size_t(1) << 27);
  case CL_DEVICE_MAX_NUM_SUB_GROUPS: // warps of 32 (opencl/lib/subgroups.cl)
    return U(static_cast<cl_uint>(std::max(1, props().maxThreadsPerBlock / 32)));
  case CL_DEVICE_MAX_PIPE_ARGS:
  case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
  case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
  case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
    return U(0);
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
    return SZ(0);
  case CL_DEVICE_MAX_PARAMETER_SIZE:
    return SZ(4096);
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
    return U(1024); // bits: buffers are 128-byte aligned
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
    return U(128);
  case CL_DEVICE_SINGLE_FP_CONFIG:
  case CL_DEVICE_DOUBLE_FP_CONFIG:
    return infoValue<cl_device_fp_config>(Size, Value, SizeRet, FP);
  case CL_DEVICE_HALF_FP_CONFIG:
    return infoValue<cl_device_fp_config>(Size, Value, SizeRet, 0);
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    return infoValue<cl_device_mem_cache_type>(Size, Value, SizeRet, CL_READ_WRITE_CACHE);
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
    return U(64);
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
    return UL(static_cast<cl_ulong>(std::max(0, props().l2CacheSize)));
  case CL_DEVICE_GLOBAL_MEM_SIZE:
    return UL(physicalMemory());
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
    return UL(maxAlloc());
  case CL_DEVICE_MAX_CONSTANT_ARGS:
    return U(64);
  case CL_DEVICE_LOCAL_MEM_TYPE:
    return infoValue<cl_device_local_mem_type>(Size, Value, SizeRet, CL_GLOBAL);
  case CL_DEVICE_LOCAL_MEM_SIZE:
    return UL(static_cast<cl_ulong>(props().sharedMemPerBlockOptin));
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
    return B(CL_FALSE);
  case CL_DEVICE_HOST_UNIFIED_MEMORY:
    return B(CL_TRUE);
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
    return SZ(1);
  case CL_DEVICE_ENDIAN_LITTLE:
  case CL_DEVICE_AVAILABLE:
  case CL_DEVICE_COMPILER_AVAILABLE:
  case CL_DEVICE_LINKER_AVAILABLE:
    return B(CL_TRUE); // the linker: clCompileProgram and clLinkProgram
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    return infoValue<cl_device_exec_capabilities>(Size, Value, SizeRet, CL_EXEC_KERNEL);
  case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
    return infoValue<cl_command_queue_properties>(
        Size, Value, SizeRet, CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    return infoValue<cl_command_queue_properties>(Size, Value, SizeRet, 0);
  case CL_DEVICE_BUILT_IN_KERNELS:
  case CL_DEVICE_IL_VERSION:
    return S("");
  case CL_DEVICE_PLATFORM:
    return infoValue<cl_platform_id>(Size, Value, SizeRet, &ThePlatform);
  case CL_DEVICE_NAME:
    return S(cpuName());
  case CL_DEVICE_VENDOR:
    return S("The Loom project");
  case CL_DRIVER_VERSION:
    return S(LOOM_VERSION_STRING);
  case CL_DEVICE_PROFILE:
    return S("FULL_PROFILE");
  case CL_DEVICE_VERSION:
    return S("OpenCL 3.0 Loom");
  case CL_DEVICE_NUMERIC_VERSION:
    return infoValue(Size, Value, SizeRet, version(3, 0));
  case CL_DEVICE_OPENCL_C_VERSION:
    return S("OpenCL C 1.2 Loom");
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS: {
    cl_name_version V[] = {nameVersion("OpenCL C", version(1, 0)),
                           nameVersion("OpenCL C", version(1, 1)),
                           nameVersion("OpenCL C", version(1, 2)),
                           nameVersion("OpenCL C", version(3, 0))};
    return info(Size, Value, SizeRet, V, sizeof V);
  }
  case CL_DEVICE_OPENCL_C_FEATURES: {
    cl_name_version V[] = {nameVersion("__opencl_c_int64", version(3, 0)),
                           nameVersion("__opencl_c_fp64", version(3, 0)),
                           nameVersion("__opencl_c_images", version(3, 0)),
                           nameVersion("__opencl_c_read_write_images", version(3, 0)),
                           nameVersion("__opencl_c_3d_image_writes", version(3, 0)),
                           nameVersion("__opencl_c_subgroups", version(3, 0))};
    return info(Size, Value, SizeRet, V, sizeof V);
  }
  case CL_DEVICE_EXTENSIONS:
    return S(Extensions);
  case CL_DEVICE_EXTENSIONS_WITH_VERSION: {
    std::vector<cl_name_version> V = extensionsWithVersion();
    return info(Size, Value, SizeRet, V.data(), V.size() * sizeof(cl_name_version));
  }
  case CL_DEVICE_ILS_WITH_VERSION:
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
    return info(Size, Value, SizeRet, nullptr, 0);
  case CL_DEVICE_PRINTF_BUFFER_SIZE:
    return SZ(1 << 20); // libloomrt's cudaLimitPrintfFifoSize default bounds one call
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
    return B(CL_TRUE);
  case CL_DEVICE_PARENT_DEVICE:
    return infoValue<cl_device_id>(Size, Value, SizeRet, nullptr);
  case CL_DEVICE_PARTITION_PROPERTIES:
  case CL_DEVICE_PARTITION_TYPE:
    return infoValue<cl_device_partition_property>(Size, Value, SizeRet, 0);
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
    return infoValue<cl_device_affinity_domain>(Size, Value, SizeRet, 0);
  case CL_DEVICE_REFERENCE_COUNT:
    return U(1);
  case CL_DEVICE_SVM_CAPABILITIES:
    return infoValue<cl_device_svm_capabilities>(Size, Value, SizeRet, 0);
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
  case CL_DEVICE_PIPE_SUPPORT:
    return B(CL_FALSE);
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
    return infoValue<cl_device_atomic_capabilities>(
        Size, Value, SizeRet, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
  case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    return infoValue<cl_device_atomic_capabilities>(
        Size, Value, SizeRet,
        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
            CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
    return infoValue<cl_device_device_enqueue_capabilities>(Size, Value, SizeRet, 0);
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    return SZ(VecBytes / 4);
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
    return S("v0000-01-01-00"); // never submitted to Khronos' conformance
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL RetainDevice(cl_device_id D) {
  return valid(D, DeviceMagic) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

/// Checks context properties (only CL_CONTEXT_PLATFORM is defined for Loom).
cl_int checkContextProperties(const cl_context_properties *P) {
  bool SawPlatform = false;
  for (; P && *P; P += 2) {
    if (P[0] != CL_CONTEXT_PLATFORM && P[0] != CL_CONTEXT_INTEROP_USER_SYNC)
      return CL_INVALID_PROPERTY;
    if (P[0] == CL_CONTEXT_PLATFORM) {
      if (SawPlatform)
        return CL_INVALID_PROPERTY;
      SawPlatform = true;
      if (!valid(reinterpret_cast<cl_platform_id>(P[1]), PlatformMagic))
        return CL_INVALID_PLATFORM;
    }
  }
  return CL_SUCCESS;
}

cl_context newContext(const cl_context_properties *Props,
                      void(CL_CALLBACK *Notify)(const char *, const void *, size_t, void *),
                      void *Data) {
  auto *C = new _cl_context();
  C->magic = ContextMagic;
  for (const cl_context_properties *P = Props; P && *P; P += 2)
    C->properties.insert(C->properties.end(), {P[0], P[1]});
  if (Props)
    C->properties.push_back(0);
  C->notify = Notify;
  C->notifyData = Data;
  return C;
}

cl_context CL_API_CALL CreateContext(const cl_context_properties *Props, cl_uint NumDevices,
                                     const cl_device_id *Devices,
                                     void(CL_CALLBACK *Notify)(const char *, const void *, size_t,
                                                               void *),
                                     void *Data, cl_int *Err) {
  cl_int E = CL_SUCCESS;
  if (!Devices || NumDevices == 0 || (!Notify && Data))
    E = CL_INVALID_VALUE;
  else if ((E = checkContextProperties(Props)) == CL_SUCCESS)
    for (cl_uint I = 0; I < NumDevices; ++I)
      if (!valid(Devices[I], DeviceMagic))
        E = CL_INVALID_DEVICE;
  if (Err)
    *Err = E;
  return E == CL_SUCCESS ? newContext(Props, Notify, Data) : nullptr;
}

cl_context CL_API_CALL CreateContextFromType(const cl_context_properties *Props,
                                             cl_device_type Type,
                                             void(CL_CALLBACK *Notify)(const char *, const void *,
                                                                       size_t, void *),
                                             void *Data, cl_int *Err) {
  cl_int E = CL_SUCCESS;
  cl_uint N = 0;
  if (!Notify && Data)
    E = CL_INVALID_VALUE;
  else if ((E = checkContextProperties(Props)) == CL_SUCCESS)
    E = GetDeviceIDs(&ThePlatform, Type, 0, nullptr, &N);
  if (Err)
    *Err = E;
  return E == CL_SUCCESS ? newContext(Props, Notify, Data) : nullptr;
}

cl_int CL_API_CALL RetainContext(cl_context C) {
  if (!valid(C, ContextMagic))
    return CL_INVALID_CONTEXT;
  retainContext(C);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseContext(cl_context C) {
  if (!valid(C, ContextMagic))
    return CL_INVALID_CONTEXT;
  releaseContext(C);
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetContextInfo(cl_context C, cl_context_info Param, size_t Size, void *Value,
                                  size_t *SizeRet) {
  if (!valid(C, ContextMagic))
    return CL_INVALID_CONTEXT;
  switch (Param) {
  case CL_CONTEXT_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, C->refs.load());
  case CL_CONTEXT_NUM_DEVICES:
    return infoValue<cl_uint>(Size, Value, SizeRet, 1);
  case CL_CONTEXT_DEVICES:
    return infoValue<cl_device_id>(Size, Value, SizeRet, &TheDevice);
  case CL_CONTEXT_PROPERTIES:
    return info(Size, Value, SizeRet, C->properties.data(),
                C->properties.size() * sizeof(cl_context_properties));
  default:
    return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL SetContextDestructorCallback(cl_context C,
                                                void(CL_CALLBACK *Fn)(cl_context, void *),
                                                void *Data) {
  if (!valid(C, ContextMagic))
    return CL_INVALID_CONTEXT;
  if (!Fn)
    return CL_INVALID_VALUE;
  std::lock_guard<std::mutex> G(C->callbacksLock);
  C->destructorCallbacks.emplace_back(Fn, Data);
  return CL_SUCCESS;
}

// Memory objects.

constexpr cl_mem_flags AccessFlags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags HostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
constexpr cl_mem_flags AllMemFlags = AccessFlags | HostAccessFlags | CL_MEM_USE_HOST_PTR |
                                     CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;

/// At most one bit of \p Mask set in \p Flags.
bool atMostOne(cl_mem_flags Flags, cl_mem_flags Mask) {
  cl_mem_flags F = Flags & Mask;
  return (F & (F - 1)) == 0;
}

} // namespace

/// A buffer's memory: 128-byte aligned whole lines
/// (CL_DEVICE_MEM_BASE_ADDR_ALIGN); from 2 MiB on, 2 MiB aligned and advised
/// to use transparent huge pages, as libloomrt's cudaMalloc does
/// (runtime/memory/Allocator.cpp: kernels written for a GPU stride across
/// memory, a TLB miss per access on 4 KiB pages; a memory-bound saxpy ran
/// 1.3x slower through OpenCL than its CUDA twin before). LOOM_HUGE_PAGES=0
/// (or off) turns the advice off, as for CUDA allocations.
char *allocateBufferMemory(size_t Size) {
  constexpr size_t Huge = size_t(2) << 20;
  static const bool HugePages = [] {
    const char *E = std::getenv("LOOM_HUGE_PAGES");
    return !E || (std::strcmp(E, "0") != 0 && std::strcmp(E, "off") != 0);
  }();
  size_t Unit = HugePages && Size >= Huge ? Huge : 128;
  size_t Bytes = (Size + Unit - 1) / Unit * Unit;
  void *P = std::aligned_alloc(Unit, Bytes);
  if (P && Unit == Huge)
    madvise(P, Bytes, MADV_HUGEPAGE);
  return static_cast<char *>(P);
}

namespace {

cl_mem CL_API_CALL CreateBufferWithProperties(cl_context C, const cl_mem_properties *Props,
                                              cl_mem_flags Flags, size_t Size, void *HostPtr,
                                              cl_int *Err) {
  auto Fail = [&](cl_int E) -> cl_mem {
    if (Err)
      *Err = E;
    return nullptr;
  };
  if (!valid(C, ContextMagic))
    return Fail(CL_INVALID_CONTEXT);
  if (Props && *Props)
    return Fail(CL_INVALID_PROPERTY);
  if (Flags == 0)
    Flags = CL_MEM_READ_WRITE;
  if ((Flags & ~AllMemFlags) || !atMostOne(Flags, AccessFlags) ||
      !atMostOne(Flags, HostAccessFlags) ||
      ((Flags & CL_MEM_USE_HOST_PTR) && (Flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
    return Fail(CL_INVALID_VALUE);
  if (Size == 0 || Size > maxAlloc())
    return Fail(CL_INVALID_BUFFER_SIZE);
  bool WantsHostPtr = Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (WantsHostPtr != (HostPtr != nullptr))
    return Fail(CL_INVALID_HOST_PTR);
  auto *M = new _cl_mem();
  M->magic = MemMagic;
  M->context = C;
  M->flags = Flags;
  M->size = Size;
  if (Flags & CL_MEM_USE_HOST_PTR) {
    M->data = static_cast<char *>(HostPtr);
    M->hostPtr = HostPtr;
  } else {
    M->data = allocateBufferMemory(Size);
    if (!M->data) {
      delete M;
      return Fail(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    }
    M->owned = true;
    if (Flags & CL_MEM_COPY_HOST_PTR)
      std::memcpy(M->data, HostPtr, Size);
  }
  retainContext(C);
  if (Err)
    *Err = CL_SUCCESS;
  return M;
}

cl_mem CL_API_CALL CreateBuffer(cl_context C, cl_mem_flags Flags, size_t Size, void *HostPtr,
                                cl_int *Err) {
  return CreateBufferWithProperties(C, nullptr, Flags, Size, HostPtr, Err);
}

cl_mem CL_API_CALL CreateSubBuffer(cl_mem Parent, cl_mem_flags Flags,
                                   cl_buffer_create_type Type, const void *Info, cl_int *Err) {
  auto Fail = [&](cl_int E) -> cl_mem {
    if (Err)
      *Err = E;
    return nullptr;
  };
  if (!valid(Parent, MemMagic) || Parent->parent || Parent->type != CL_MEM_OBJECT_BUFFER)
    return Fail(CL_INVALID_MEM_OBJECT);
  if (Type != CL_BUFFER_CREATE_TYPE_REGION || !Info)
    return Fail(CL_INVALID_VALUE);
  if ((Flags & ~(AccessFlags | HostAccessFlags)) || !atMostOne(Flags, AccessFlags) ||
      !atMostOne(Flags, HostAccessFlags))
    return Fail(CL_INVALID_VALUE);
  // A sub-buffer may not ask for more access than its parent gives.
  if (((Parent->flags & CL_MEM_WRITE_ONLY) && (Flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
      ((Parent->flags & CL_MEM_READ_ONLY) && (Flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) ||
      ((Parent->flags & CL_MEM_HOST_WRITE_ONLY) && (Flags & CL_MEM_HOST_READ_ONLY)) ||
      ((Parent->flags & CL_MEM_HOST_READ_ONLY) && (Flags & CL_MEM_HOST_WRITE_ONLY)) ||
      ((Parent->flags & CL_MEM_HOST_NO_ACCESS) &&
       (Flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
    return Fail(CL_INVALID_VALUE);
  auto *R = static_cast<const cl_buffer_region *>(Info);
  if (R->size == 0)
    return Fail(CL_INVALID_BUFFER_SIZE);
  if (R->origin > Parent->size || R->size > Parent->size - R->origin)
    return Fail(CL_INVALID_VALUE);
  if (R->origin % 128)
    return Fail(CL_MISALIGNED_SUB_BUFFER_OFFSET);
  auto *M = new _cl_mem();
  M->magic = MemMagic;
  M->context = Parent->context;
  M->flags = (Flags & AccessFlags ? Flags & AccessFlags : Parent->flags & AccessFlags) |
             (Flags & HostAccessFlags ? Flags & HostAccessFlags : Parent->flags & HostAccessFlags) |
             (Parent->flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR));
  M->size = R->size;
  M->data = Parent->data + R->origin;
  M->hostPtr = Parent->hostPtr ? static_cast<char *>(Parent->hostPtr) + R->origin : nullptr;
  M->parent = Parent;
  M->offset = R->origin;
  retainMem(Parent);
  retainContext(M->context);
  if (Err)
    *Err = CL_SUCCESS;
  return M;
}

cl_int CL_API_CALL RetainMemObject(cl_mem M) {
  if (!valid(M, MemMagic))
    return CL_INVALID_MEM_OBJECT;
  retainMem(M);
  return CL_SUCCESS;
}

cl_int CL_API_CALL ReleaseMemObject(cl_mem M) {
  if (!valid(M, MemMagic))
    return CL_INVALID_MEM_OBJECT;
  releaseMem(M);
  return CL_SUCCESS;
}

cl_int CL_API_CALL SetMemObjectDestructorCallback(cl_mem M, void(CL_CALLBACK *Fn)(cl_mem, void *),
                                                  void *Data) {
  if (!valid(M, MemMagic))
    return CL_INVALID_MEM_OBJECT;
  if (!Fn)
    return CL_INVALID_VALUE;
  std::lock_guard<std::mutex> G(M->callbacksLock);
  M->destructorCallbacks.emplace_back(Fn, Data);
  return CL_SUCCESS;
}

cl_int CL_API_CALL GetMemObjectInfo(cl_mem M, cl_mem_info Param, size_t Size, void *Value,
                                    size_t *SizeRet) {
  if (!valid(M, MemMagic))
    return CL_INVALID_MEM_OBJECT;
  switch (Param) {
  case CL_MEM_TYPE:
    return infoValue<cl_mem_object_type>(Size, Value, SizeRet, M->type);
  case CL_MEM_FLAGS:
    return infoValue<cl_mem_flags>(Size, Value, SizeRet, M->flags);
  case CL_MEM_SIZE:
    return infoValue<size_t>(Size, Value, SizeRet, M->size);
  case CL_MEM_HOST_PTR:
    return infoValue<void *>(Size, Value, SizeRet, M->hostPtr);
  case CL_MEM_MAP_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, M->mapCount.load());
  case CL_MEM_REFERENCE_COUNT:
    return infoValue<cl_uint>(Size, Value, SizeRet, M->refs.load());
  case CL_MEM_CONTEXT:
    return infoValue<cl_context>(Size, Value, SizeRet, M->context);
  case CL_MEM_ASSOCIATED_MEMOBJECT:
    return infoValue<cl_mem>(Size, Value, SizeRet, M->parent);
  case CL_MEM_OFFSET:
    return infoValue<size_t>(Size, Value, SizeRet, M->offset);
  case CL_MEM_USES_SVM_POINTER:
    return infoValue<cl_bool>(Size, Value, SizeRet, CL_FALSE);
  case CL_MEM_PROPERTIES:
    return info(Size, Value, SizeRet, nullptr, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace

void retainContext(cl_context C) { C->refs.fetch_add(1); }

void releaseContext(cl_context C) {
  if (C->refs.fetch_sub(1) != 1)
    return;
  // Destructor callbacks run in reverse order of registration.
  for (auto It = C->destructorCallbacks.rbegin(); It != C->destructorCallbacks.rend(); ++It)
    It->first(C, It->second);
  C->magic = 0;
  delete C;
}

void retainMem(cl_mem M) { M->refs.fetch_add(1); }

void releaseMem(cl_mem M) {
  if (M->refs.fetch_sub(1) != 1)
    return;
  for (auto It = M->destructorCallbacks.rbegin(); It != M->destructorCallbacks.rend(); ++It)
    It->first(M, It->second);
  dropShadow(M);
  if (M->owned)
    std::free(M->data);
  destroyImage(M->image);
  cl_mem Parent = M->parent;
  cl_context C = M->context;
  M->magic = 0;
  delete M;
  if (Parent)
    releaseMem(Parent);
  releaseContext(C);
}

void installObjects(cl_icd_dispatch &D) {
  D.clGetPlatformIDs = GetPlatformIDs;
  D.clGetPlatformInfo = GetPlatformInfo;
  D.clGetDeviceIDs = GetDeviceIDs;
  D.clGetDeviceInfo = GetDeviceInfo;
  D.clRetainDevice = RetainDevice;
  D.clReleaseDevice = RetainDevice;
  D.clCreateContext = CreateContext;
  D.clCreateContextFromType = CreateContextFromType;
  D.clRetainContext = RetainContext;
  D.clReleaseContext = ReleaseContext;
  D.clGetContextInfo = GetContextInfo;
  D.clSetContextDestructorCallback = SetContextDestructorCallback;
  D.clCreateBuffer = CreateBuffer;
  D.clCreateBufferWithProperties = CreateBufferWithProperties;
  D.clCreateSubBuffer = CreateSubBuffer;
  D.clRetainMemObject = RetainMemObject;
  D.clReleaseMemObject = ReleaseMemObject;
  D.clSetMemObjectDestructorCallback = SetMemObjectDestructorCallback;
  D.clGetMemObjectInfo = GetMemObjectInfo;
}

cl_int platformInfo(cl_platform_id P, cl_platform_info Param, size_t Size, void *Value,
                    size_t *SizeRet) {
  return GetPlatformInfo(P, Param, Size, Value, SizeRet);
}

} // namespace loomcl
