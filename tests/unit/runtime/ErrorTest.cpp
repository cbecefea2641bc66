// ErrorTest.cpp - cudaGetErrorName/String coverage and last-error semantics.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>

namespace {

TEST(Error, EveryCodeHasNameAndString) {
  const cudaError_t Codes[] = {
#define LOOM_CUDA_ERROR(Name, Description) Name,
#include "support/ErrorTable.def"
  };
  EXPECT_GE(sizeof(Codes) / sizeof(Codes[0]), 130u);
  for (cudaError_t Code : Codes) {
    const char *Name = cudaGetErrorName(Code);
    const char *Text = cudaGetErrorString(Code);
    ASSERT_NE(Name, nullptr);
    ASSERT_NE(Text, nullptr);
    EXPECT_EQ(std::strncmp(Name, "cuda", 4), 0) << Code;
    EXPECT_GT(std::strlen(Text), 0u) << Code;
  }
}

TEST(Error, KnownNamesStringsAndValues) {
  EXPECT_STREQ(cudaGetErrorName(cudaSuccess), "cudaSuccess");
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorAssert), "device-side assert triggered");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorNotSupported), "cudaErrorNotSupported");
  EXPECT_EQ(int(cudaErrorInvalidConfiguration), 9);
  EXPECT_EQ(int(cudaErrorInvalidMemcpyDirection), 21);
  EXPECT_EQ(int(cudaErrorInvalidDeviceFunction), 98);
  EXPECT_EQ(int(cudaErrorNoKernelImageForDevice), 209);
  EXPECT_EQ(int(cudaErrorNotReady), 600);
  EXPECT_EQ(int(cudaErrorAssert), 710);
  EXPECT_EQ(int(cudaErrorLaunchFailure), 719);
  EXPECT_EQ(int(cudaErrorNotSupported), 801);
  EXPECT_EQ(int(cudaErrorUnknown), 999);
}

TEST(Error, UnknownCode) {
  EXPECT_STREQ(cudaGetErrorString(static_cast<cudaError_t>(12345)), "unrecognized error code");
  EXPECT_STREQ(cudaGetErrorName(static_cast<cudaError_t>(-3)), "unrecognized error code");
}

TEST(Error, LastErrorIsPerThread) {
  EXPECT_EQ(cudaSetDevice(3), cudaErrorInvalidDevice);
  std::thread Other([] { EXPECT_EQ(cudaGetLastError(), cudaSuccess); });
  Other.join();
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

} // namespace
