// DriverApiTest.cpp - cuda.h: error codes and strings, devices, contexts, memory info.
// SPDX-License-Identifier: Apache-2.0
#include "cuda.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>

// The unversioned entry points old binaries (and dlsym users) reach; the
// header maps the names to the _v2 ones, as CUDA's does.
#undef cuMemGetInfo
#undef cuDeviceTotalMem
#undef cuCtxCreate
#undef cuCtxDestroy
extern "C" CUresult cuMemGetInfo(size_t *free, size_t *total);
extern "C" CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev);
extern "C" CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
extern "C" CUresult cuCtxDestroy(CUcontext ctx);

namespace {

struct DriverCode {
  CUresult Code;
  const char *Name;
  const char *Description;
};

const DriverCode DriverCodes[] = {
#define LOOM_CU_ERROR(Name, Value, Description) {Name, #Name, Description},
#include "loom/__loom_cu_errors.def"
#undef LOOM_CU_ERROR
};

struct RuntimeCode {
  cudaError_t Code;
  const char *Description;
};

const RuntimeCode RuntimeCodes[] = {
#define LOOM_CUDA_ERROR(Name, Value, Description) {Name, Description},
#include "loom/__loom_cuda_errors.def"
#undef LOOM_CUDA_ERROR
};

/// Runs \p Body on a fresh host thread, whose context stack is the initial one.
template <class F> void onNewThread(F Body) {
  std::thread T(Body);
  T.join();
}

TEST(DriverApi, ErrorCodesHaveCudaValues) {
  EXPECT_EQ(int(CUDA_ERROR_PROFILER_DISABLED), 5);
  EXPECT_EQ(int(CUDA_ERROR_PROFILER_ALREADY_STOPPED), 8);
  EXPECT_EQ(int(CUDA_ERROR_STUB_LIBRARY), 34);
  EXPECT_EQ(int(CUDA_ERROR_DEVICE_UNAVAILABLE), 46);
  EXPECT_EQ(int(CUDA_ERROR_DEVICE_NOT_LICENSED), 102);
  EXPECT_EQ(int(CUDA_ERROR_CONTEXT_ALREADY_CURRENT), 202);
  EXPECT_EQ(int(CUDA_ERROR_MAP_FAILED), 205);
  EXPECT_EQ(int(CUDA_ERROR_NO_BINARY_FOR_GPU), 209);
  EXPECT_EQ(int(CUDA_ERROR_CONTAINED), 226);
  EXPECT_EQ(int(CUDA_ERROR_OPERATING_SYSTEM), 304);
  EXPECT_EQ(int(CUDA_ERROR_LOSSY_QUERY), 402);
  EXPECT_EQ(int(CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE), 708);
  EXPECT_EQ(int(CUDA_ERROR_TENSOR_MEMORY_LEAK), 721);
  EXPECT_EQ(int(CUDA_ERROR_CDP_VERSION_MISMATCH), 812);
  EXPECT_EQ(int(CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD), 908);
  EXPECT_EQ(int(CUDA_ERROR_KEY_ROTATION), 916);
  EXPECT_EQ(int(CUDA_ERROR_UNKNOWN), 999);
  // Every CUresult of CUDA 12.8 (the table lists each enumerator once).
  EXPECT_EQ(sizeof(DriverCodes) / sizeof(DriverCodes[0]), 100u);
  // The runtime codes with the same meaning have the same numbers.
  EXPECT_EQ(int(CUDA_ERROR_INVALID_DEVICE), int(cudaErrorInvalidDevice));
  EXPECT_EQ(int(CUDA_ERROR_CONTAINED), int(cudaErrorContained));
  EXPECT_EQ(int(CUDA_ERROR_TENSOR_MEMORY_LEAK), int(cudaErrorTensorMemoryLeak));
  EXPECT_EQ(int(CUDA_ERROR_LAUNCH_FAILED), int(cudaErrorLaunchFailure));
}

TEST(DriverApi, EveryCodeHasNameAndString) {
  for (const DriverCode &C : DriverCodes) {
    const char *Name = nullptr, *Text = nullptr;
    ASSERT_EQ(cuGetErrorName(C.Code, &Name), CUDA_SUCCESS) << C.Name;
    ASSERT_EQ(cuGetErrorString(C.Code, &Text), CUDA_SUCCESS) << C.Name;
    EXPECT_STREQ(Name, C.Name);
    EXPECT_STREQ(Text, C.Description);
    EXPECT_GT(std::strlen(Text), 0u);
    // Where the runtime has the same number, the text is the runtime's.
    for (const RuntimeCode &R : RuntimeCodes)
      if (int(R.Code) == int(C.Code))
        EXPECT_STREQ(Text, cudaGetErrorString(R.Code)) << C.Name;
  }
  const char *Text = nullptr;
  ASSERT_EQ(cuGetErrorString(CUDA_ERROR_PROFILER_DISABLED, &Text), CUDA_SUCCESS);
  EXPECT_STREQ(Text, cudaGetErrorString(cudaErrorProfilerDisabled));
}

TEST(DriverApi, UnknownCodeAndNullPointer) {
  const char *Str = "unchanged";
  EXPECT_EQ(cuGetErrorName(static_cast<CUresult>(12345), &Str), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(Str, nullptr);
  Str = "unchanged";
  EXPECT_EQ(cuGetErrorString(static_cast<CUresult>(203), &Str), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(Str, nullptr);
  EXPECT_EQ(cuGetErrorName(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuGetErrorString(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST(DriverApi, InitAndVersion) {
  EXPECT_EQ(cuInit(0), CUDA_SUCCESS);
  EXPECT_EQ(cuInit(1), CUDA_ERROR_INVALID_VALUE);
  int Version = 0;
  ASSERT_EQ(cuDriverGetVersion(&Version), CUDA_SUCCESS);
  EXPECT_EQ(Version, CUDA_VERSION);
  EXPECT_EQ(cuDriverGetVersion(nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST(DriverApi, Devices) {
  int Count = 0;
  ASSERT_EQ(cuDeviceGetCount(&Count), CUDA_SUCCESS);
  EXPECT_EQ(Count, 1);
  EXPECT_EQ(cuDeviceGetCount(nullptr), CUDA_ERROR_INVALID_VALUE);
  CUdevice Dev = -1;
  ASSERT_EQ(cuDeviceGet(&Dev, 0), CUDA_SUCCESS);
  EXPECT_EQ(Dev, 0);
  EXPECT_EQ(cuDeviceGet(&Dev, 1), CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(cuDeviceGet(&Dev, -1), CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(cuDeviceGet(nullptr, 0), CUDA_ERROR_INVALID_VALUE);

  cudaDeviceProp Prop;
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 0), cudaSuccess);
  char Name[256];
  ASSERT_EQ(cuDeviceGetName(Name, sizeof Name, 0), CUDA_SUCCESS);
  EXPECT_STREQ(Name, Prop.name);
  char Short[5];
  ASSERT_EQ(cuDeviceGetName(Short, sizeof Short, 0), CUDA_SUCCESS);
  EXPECT_STREQ(Short, "Loom"); // truncated and terminated
  EXPECT_EQ(cuDeviceGetName(Name, 0, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetName(nullptr, 8, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetName(Name, sizeof Name, 3), CUDA_ERROR_INVALID_DEVICE);

  size_t Bytes = 0, Plain = 0;
  ASSERT_EQ(cuDeviceTotalMem_v2(&Bytes, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuDeviceTotalMem(&Plain, 0), CUDA_SUCCESS);
  EXPECT_EQ(Bytes, Prop.totalGlobalMem);
  EXPECT_EQ(Plain, Bytes);
  EXPECT_EQ(cuDeviceTotalMem_v2(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceTotalMem_v2(&Bytes, 1), CUDA_ERROR_INVALID_DEVICE);

  int Major = 0, Minor = -1;
  ASSERT_EQ(cuDeviceComputeCapability(&Major, &Minor, 0), CUDA_SUCCESS);
  EXPECT_EQ(Major, Prop.major);
  EXPECT_EQ(Minor, Prop.minor);
  EXPECT_EQ(cuDeviceComputeCapability(nullptr, &Minor, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceComputeCapability(&Major, &Minor, 2), CUDA_ERROR_INVALID_DEVICE);
  // Driver calls leave the runtime's last error alone.
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(DriverApi, AttributesMatchRuntime) {
  const CUdevice_attribute Shared[] = {
      CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z,
      CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,        CU_DEVICE_ATTRIBUTE_WARP_SIZE,
      CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
      CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
      CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
      CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING,    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH,
      CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR};
  for (CUdevice_attribute A : Shared) {
    int Driver = -7, Runtime = -8;
    ASSERT_EQ(cuDeviceGetAttribute(&Driver, A, 0), CUDA_SUCCESS) << A;
    ASSERT_EQ(cudaDeviceGetAttribute(&Runtime, static_cast<cudaDeviceAttr>(A), 0), cudaSuccess)
        << A;
    EXPECT_EQ(Driver, Runtime) << A;
  }
  int Value = -1;
  ASSERT_EQ(cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0), CUDA_SUCCESS);
  EXPECT_EQ(Value, 32);
  // Driver-only attributes: what a CPU does not have reads 0.
  Value = -1;
  ASSERT_EQ(cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED, 0), CUDA_SUCCESS);
  EXPECT_EQ(Value, 0);
  ASSERT_EQ(cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(Value, 0);
  // Bad arguments.
  EXPECT_EQ(cuDeviceGetAttribute(nullptr, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 1),
            CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(cuDeviceGetAttribute(&Value, static_cast<CUdevice_attribute>(0), 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(&Value, static_cast<CUdevice_attribute>(138), 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_MAX, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(DriverApi, PrimaryContextIsCurrentOnEveryThread) {
  onNewThread([] {
    CUcontext Current = nullptr, Primary = nullptr;
    ASSERT_EQ(cuCtxGetCurrent(&Current), CUDA_SUCCESS);
    ASSERT_EQ(cuDevicePrimaryCtxRetain(&Primary, 0), CUDA_SUCCESS);
    EXPECT_NE(Current, nullptr);
    EXPECT_EQ(Current, Primary);
    CUdevice Dev = -1;
    ASSERT_EQ(cuCtxGetDevice(&Dev), CUDA_SUCCESS);
    EXPECT_EQ(Dev, 0);
    EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
    EXPECT_EQ(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
    EXPECT_EQ(cuDevicePrimaryCtxRelease(1), CUDA_ERROR_INVALID_DEVICE);
    EXPECT_EQ(cuDevicePrimaryCtxRetain(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(cuDevicePrimaryCtxRetain(&Primary, 4), CUDA_ERROR_INVALID_DEVICE);
    // The primary context is released, not destroyed.
    EXPECT_EQ(cuCtxDestroy(Primary), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxGetCurrent(nullptr), CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(cuCtxGetDevice(nullptr), CUDA_ERROR_INVALID_VALUE);
  });
}

TEST(DriverApi, CreateDestroyPushPop) {
  onNewThread([] {
    CUcontext Primary = nullptr, Ctx = nullptr, Current = nullptr;
    ASSERT_EQ(cuCtxGetCurrent(&Primary), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxCreate(&Ctx, CU_CTX_SCHED_BLOCKING_SYNC | CU_CTX_MAP_HOST, 0), CUDA_SUCCESS);
    ASSERT_NE(Ctx, nullptr);
    EXPECT_NE(Ctx, Primary);
    ASSERT_EQ(cuCtxGetCurrent(&Current), CUDA_SUCCESS);
    EXPECT_EQ(Current, Ctx); // made current, above the primary context
    CUdevice Dev = -1;
    ASSERT_EQ(cuCtxGetDevice(&Dev), CUDA_SUCCESS);
    EXPECT_EQ(Dev, 0);
    EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);

    CUcontext Popped = nullptr;
    ASSERT_EQ(cuCtxPopCurrent(&Popped), CUDA_SUCCESS);
    EXPECT_EQ(Popped, Ctx);
    ASSERT_EQ(cuCtxGetCurrent(&Current), CUDA_SUCCESS);
    EXPECT_EQ(Current, Primary);
    ASSERT_EQ(cuCtxPushCurrent(Ctx), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxGetCurrent(&Current), CUDA_SUCCESS);
    EXPECT_EQ(Current, Ctx);

    // Destroying the current context pops it.
    ASSERT_EQ(cuCtxDestroy_v2(Ctx), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxGetCurrent(&Current), CUDA_SUCCESS);
    EXPECT_EQ(Current, Primary);
    EXPECT_EQ(cuCtxDestroy(Ctx), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxSetCurrent(Ctx), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxPushCurrent(Ctx), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxPushCurrent(nullptr), CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(cuCtxDestroy(nullptr), CUDA_ERROR_INVALID_VALUE);
  });
}

TEST(DriverApi, CreateRejectsBadArguments) {
  onNewThread([] {
    CUcontext Ctx = nullptr;
    EXPECT_EQ(cuCtxCreate(nullptr, 0, 0), CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(cuCtxCreate(&Ctx, 0x100, 0), CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(cuCtxCreate(&Ctx, CU_CTX_SCHED_SPIN | CU_CTX_SCHED_YIELD, 0),
              CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(cuCtxCreate(&Ctx, 0, 1), CUDA_ERROR_INVALID_DEVICE);
    EXPECT_EQ(Ctx, nullptr);
  });
}

TEST(DriverApi, NoCurrentContext) {
  onNewThread([] {
    CUcontext Primary = nullptr, Current = nullptr;
    ASSERT_EQ(cuCtxGetCurrent(&Primary), CUDA_SUCCESS);
    // Unbinding pops the (one-entry) stack; with nothing current, calls that
    // need a context fail and the stack cannot be popped.
    ASSERT_EQ(cuCtxSetCurrent(nullptr), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxGetCurrent(&Current), CUDA_SUCCESS);
    EXPECT_EQ(Current, nullptr);
    CUdevice Dev;
    size_t Free = 0, Total = 0;
    EXPECT_EQ(cuCtxGetDevice(&Dev), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuMemGetInfo_v2(&Free, &Total), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxPopCurrent(nullptr), CUDA_ERROR_INVALID_CONTEXT);
    EXPECT_EQ(cuCtxSetCurrent(nullptr), CUDA_SUCCESS); // a no-op now
    // Binding again.
    ASSERT_EQ(cuCtxSetCurrent(Primary), CUDA_SUCCESS);
    EXPECT_EQ(cuCtxGetDevice(&Dev), CUDA_SUCCESS);
  });
}

TEST(DriverApi, CurrentContextDestroyedElsewhereInTheStack) {
  onNewThread([] {
    CUcontext Ctx = nullptr, Primary = nullptr;
    ASSERT_EQ(cuDevicePrimaryCtxRetain(&Primary, 0), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxCreate(&Ctx, 0, 0), CUDA_SUCCESS); // stack: primary, ctx
    ASSERT_EQ(cuCtxPushCurrent(Primary), CUDA_SUCCESS); // primary, ctx, primary
    ASSERT_EQ(cuCtxDestroy(Ctx), CUDA_SUCCESS);         // not on top: stays
    ASSERT_EQ(cuCtxPopCurrent(nullptr), CUDA_SUCCESS);  // ctx (destroyed) is current
    CUdevice Dev;
    EXPECT_EQ(cuCtxGetDevice(&Dev), CUDA_ERROR_CONTEXT_IS_DESTROYED);
    EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_CONTEXT_IS_DESTROYED);
  });
}

TEST(DriverApi, MemGetInfo) {
  size_t Free = 0, Total = 0, RtFree = 0, RtTotal = 0;
  ASSERT_EQ(cuMemGetInfo_v2(&Free, &Total), CUDA_SUCCESS);
  ASSERT_EQ(cudaMemGetInfo(&RtFree, &RtTotal), cudaSuccess);
  EXPECT_GT(Total, 0u);
  EXPECT_LE(Free, Total);
  EXPECT_EQ(Total, RtTotal);
  size_t PlainTotal = 0;
  ASSERT_EQ(cuMemGetInfo(nullptr, &PlainTotal), CUDA_SUCCESS); // one value is enough
  EXPECT_EQ(PlainTotal, Total);
  Free = 0;
  ASSERT_EQ(cuMemGetInfo_v2(&Free, nullptr), CUDA_SUCCESS);
  EXPECT_GT(Free, 0u);
  EXPECT_EQ(cuMemGetInfo_v2(nullptr, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

} // namespace
