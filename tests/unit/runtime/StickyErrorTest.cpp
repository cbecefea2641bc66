// StickyErrorTest.cpp - device-side assert and trap make the context's error sticky until reset.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(StickyError, AssertIsStickyUntilReset) {
  testing::internal::CaptureStderr();
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::assertStub), dim3(64), dim3(1),
                             nullptr, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
  std::string Message = testing::internal::GetCapturedStderr();
  EXPECT_NE(Message.find("fake.cu:7: void assertKernel(): block: [1,0,0], thread: [2,0,0] Assertion `x == 0` failed."),
            std::string::npos)
      << Message;
  // Every later device call reports it; cudaGetLastError does not clear it.
  void *P;
  EXPECT_EQ(cudaMalloc(&P, 16), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::assertStub), dim3(1), dim3(1),
                             nullptr, 0, nullptr),
            cudaErrorAssert);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST(StickyError, TrapIsLaunchFailure) {
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::trapStub), dim3(4), dim3(1),
                             nullptr, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

} // namespace
