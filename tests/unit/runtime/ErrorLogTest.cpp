// ErrorLogTest.cpp - LOOM_LOG=errors: each failing API call says which call, which code and why.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "cuda.h"
#include "cuda_runtime.h"
#include "support/ApiError.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

/// Runs \p Call with the error log on and returns what it printed.
template <typename Fn> std::string logOf(Fn Call) {
  loom::setErrorLogForTesting(true);
  testing::internal::CaptureStderr();
  Call();
  std::string Out = testing::internal::GetCapturedStderr();
  loom::setErrorLogForTesting(false);
  cudaGetLastError();
  return Out;
}

TEST(ErrorLog, NamesTheCallTheCodeTheReasonAndTheSite) {
  std::string Out = logOf([] {
    EXPECT_EQ(cudaStreamDestroy(reinterpret_cast<cudaStream_t>(0x1234)),
              cudaErrorInvalidResourceHandle);
  });
  EXPECT_NE(Out.find("loom: cudaStreamDestroy: cudaErrorInvalidResourceHandle: stream 0x1234 "
                     "is not a live stream"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("[api/Stream.cpp:"), std::string::npos) << Out; // the API call's site
}

TEST(ErrorLog, ReasonsFromBelowTheEntryPoint) {
  int *Out = nullptr;
  int Value = 0;
  void *Args[] = {&Out, &Value};
  std::string Log = logOf([&] {
    EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::storeValueStub), dim3(1),
                               dim3(2048), Args, 0, nullptr),
              cudaErrorInvalidConfiguration);
  });
  EXPECT_NE(Log.find("loom: cudaLaunchKernel: cudaErrorInvalidConfiguration: block (2048, 1, 1)"),
            std::string::npos)
      << Log;
  // A kept reason goes with the call that failed, not a later one.
  Log = logOf([] {
    static int NotAStub;
    EXPECT_EQ(cudaLaunchKernel(&NotAStub, dim3(1), dim3(1), nullptr, 0, nullptr),
              cudaErrorInvalidDeviceFunction);
  });
  EXPECT_NE(Log.find("loom: cudaLaunchKernel: cudaErrorInvalidDeviceFunction"), std::string::npos)
      << Log;
  EXPECT_EQ(Log.find("block ("), std::string::npos) << Log;
}

/// printf's %p text for \p P, as the reasons print pointers.
std::string ptr(const void *P) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%p", P);
  return Buf;
}

// Sites below the entry points name the bad argument and its value.
TEST(ErrorLog, ReasonsNameTheBadValue) {
  void *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, 16), cudaSuccess);
  char Host[64] = {};
  std::string Log = logOf([&] {
    EXPECT_EQ(cudaMemcpy(Dev, Host, sizeof Host, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  });
  EXPECT_NE(Log.find("loom: cudaMemcpy: cudaErrorInvalidValue: " + ptr(Dev) +
                     " + 64 bytes is not inside one allocation"),
            std::string::npos)
      << Log;
  cudaFree(Dev);

  Log = logOf([] {
    EXPECT_EQ(cudaDestroyTextureObject(0x4321), cudaErrorInvalidValue);
  });
  EXPECT_NE(Log.find("loom: cudaDestroyTextureObject: cudaErrorInvalidValue: texture object "
                     "0x4321 is not a live texture object"),
            std::string::npos)
      << Log;

  // A dependency that belongs to another graph.
  cudaGraph_t G1 = nullptr, G2 = nullptr;
  cudaGraphNode_t InG1 = nullptr, Added = nullptr;
  ASSERT_EQ(cudaGraphCreate(&G1, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphCreate(&G2, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphAddEmptyNode(&InG1, G1, nullptr, 0), cudaSuccess);
  Log = logOf([&] {
    EXPECT_EQ(cudaGraphAddEmptyNode(&Added, G2, &InG1, 1), cudaErrorInvalidValue);
  });
  EXPECT_NE(Log.find("cudaGraphAddEmptyNode: cudaErrorInvalidValue: dependency 0 (node " +
                     ptr(InG1) + ") is null or not a node of graph " + ptr(G2)),
            std::string::npos)
      << Log;
  // A memset node with an element size CUDA does not have.
  cudaMemsetParams P = {};
  int Word = 0;
  P.dst = &Word;
  P.elementSize = 3;
  P.width = 1;
  P.height = 1;
  Log = logOf([&] {
    EXPECT_EQ(cudaGraphAddMemsetNode(&Added, G2, nullptr, 0, &P), cudaErrorInvalidValue);
  });
  EXPECT_NE(Log.find("cudaGraphAddMemsetNode: cudaErrorInvalidValue: memset node elementSize 3 "
                     "is not 1, 2 or 4"),
            std::string::npos)
      << Log;
  // A helper's failure is logged under the API call that used it.
  cudaEvent_t Event = nullptr;
  Log = logOf([&] {
    EXPECT_EQ(cudaGraphEventRecordNodeGetEvent(InG1, &Event), cudaErrorInvalidValue);
  });
  EXPECT_NE(Log.find("loom: cudaGraphEventRecordNodeGetEvent: cudaErrorInvalidValue: node " +
                     ptr(InG1)),
            std::string::npos)
      << Log;
  cudaGraphDestroy(G1);
  cudaGraphDestroy(G2);
  Log = logOf([] { EXPECT_EQ(cudaGraphicsUnregisterResource(nullptr), cudaErrorNotSupported); });
  EXPECT_NE(Log.find("loom: cudaGraphicsUnregisterResource: cudaErrorNotSupported: graphics "
                     "interop is not supported"),
            std::string::npos)
      << Log;

  // A stream that is not a live stream, reached through a copy.
  Log = logOf([&] {
    EXPECT_EQ(cudaMemcpyAsync(Host, Host + 32, 8, cudaMemcpyHostToHost,
                              reinterpret_cast<cudaStream_t>(0x5678)),
              cudaErrorInvalidResourceHandle);
  });
  EXPECT_NE(Log.find("cudaMemcpyAsync: cudaErrorInvalidResourceHandle: stream 0x5678 is not a "
                     "live stream"),
            std::string::npos)
      << Log;
}

// Driver API calls log under their own names with CUresult names; a
// runtime call made on their behalf gives its reason to their line rather
// than a line of its own.
TEST(ErrorLog, DriverCallsSayWhy) {
  CUdevice Device = 0;
  std::string Log = logOf(
      [&] { EXPECT_EQ(cuDeviceGet(&Device, 99), CUDA_ERROR_INVALID_DEVICE); });
  EXPECT_NE(Log.find("loom: cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: ordinal 99 "
                     "(devices: "),
            std::string::npos)
      << Log;
  // A helper's reason (checkDevice) under the entry point's name.
  int Value = 0;
  Log = logOf([&] {
    EXPECT_EQ(cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 7),
              CUDA_ERROR_INVALID_DEVICE);
  });
  EXPECT_NE(
      Log.find(
          "loom: cuDeviceGetAttribute: CUDA_ERROR_INVALID_DEVICE: device 7"),
      std::string::npos)
      << Log;

  CUdeviceptr Dev = 0;
  ASSERT_EQ(cuMemAlloc(&Dev, 16), CUDA_SUCCESS);
  char Host[64] = {};
  Log = logOf([&] {
    EXPECT_EQ(cuMemcpyHtoD(Dev, Host, sizeof Host), CUDA_ERROR_INVALID_VALUE);
  });
  void *DevP = reinterpret_cast<void *>(static_cast<uintptr_t>(Dev));
  EXPECT_NE(Log.find("loom: cuMemcpyHtoD_v2: CUDA_ERROR_INVALID_VALUE: "
                     "cudaErrorInvalidValue: " +
                     ptr(DevP) +
                     " + 64 bytes is not inside one allocation (cudaMemcpy)"),
            std::string::npos)
      << Log;
  EXPECT_EQ(Log.find("loom: cudaMemcpy:"), std::string::npos)
      << Log; // one line, not two
  EXPECT_EQ(cudaGetLastError(),
            cudaSuccess); // the runtime's last error is untouched
  EXPECT_EQ(cuMemFree(Dev), CUDA_SUCCESS);

  Log = logOf([] {
    EXPECT_EQ(cuGraphicsUnregisterResource(nullptr), CUDA_ERROR_NOT_SUPPORTED);
  });
  EXPECT_NE(Log.find("loom: cuGraphicsUnregisterResource: "
                     "CUDA_ERROR_NOT_SUPPORTED: graphics "
                     "interop is not supported"),
            std::string::npos)
      << Log;
  Log = logOf([] {
    static int NotAKernel;
    EXPECT_EQ(cuLaunchKernel(reinterpret_cast<CUfunction>(&NotAKernel), 1, 1, 1,
                             1, 1, 1, 0, nullptr, nullptr, nullptr),
              CUDA_ERROR_INVALID_HANDLE);
  });
  EXPECT_NE(
      Log.find("loom: cuLaunchKernel: CUDA_ERROR_INVALID_HANDLE: function "),
      std::string::npos)
      << Log;
}

// A sticky error raised on a worker thread keeps its cause: it is printed
// when it happens, and every later call that returns it gives it again.
TEST(ErrorLog, StickyErrorsSayWhereTheyCameFrom) {
  std::string Log = logOf([] {
    ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::trapStub),
                               dim3(4), dim3(1), nullptr, 0, nullptr),
              cudaSuccess);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
    void *P = nullptr;
    EXPECT_EQ(cudaMalloc(&P, 16), cudaErrorLaunchFailure);
    EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_FAILED);
  });
  EXPECT_NE(Log.find("loom: sticky error cudaErrorLaunchFailure: kernel "),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find("executed a trap"), std::string::npos) << Log;
  EXPECT_NE(Log.find("loom: cudaDeviceSynchronize: cudaErrorLaunchFailure: "
                     "sticky: kernel "),
            std::string::npos)
      << Log;
  EXPECT_NE(
      Log.find("loom: cudaMalloc: cudaErrorLaunchFailure: sticky: kernel "),
      std::string::npos)
      << Log;
  EXPECT_NE(
      Log.find("loom: cuCtxSynchronize: CUDA_ERROR_LAUNCH_FAILED: kernel "),
      std::string::npos)
      << Log;
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  // After the reset the reason is gone with the error.
  EXPECT_EQ(loom::stickyErrorReason(), nullptr);
}

TEST(ErrorLog, SilentUnlessAsked) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(cudaStreamDestroy(reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(loom::why("%d", 1), nullptr); // nothing is formatted
}

} // namespace
