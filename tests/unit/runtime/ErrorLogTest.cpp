// ErrorLogTest.cpp - LOOM_LOG=errors: each failing API call says which call, which code and why.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "support/ApiError.h"
#include "cuda_runtime.h"

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

TEST(ErrorLog, SilentUnlessAsked) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(cudaStreamDestroy(reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(loom::why("%d", 1), nullptr); // nothing is formatted
}

} // namespace
