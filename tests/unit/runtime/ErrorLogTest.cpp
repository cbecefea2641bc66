// ErrorLogTest.cpp - LOOM_LOG=errors: each failing API call says which call, which code and why.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "support/ApiError.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

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

TEST(ErrorLog, SilentUnlessAsked) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(cudaStreamDestroy(reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(loom::why("%d", 1), nullptr); // nothing is formatted
}

} // namespace
