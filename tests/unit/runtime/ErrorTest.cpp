// ErrorTest.cpp - cudaGetErrorName/String coverage and last-error semantics.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <thread>

namespace {

TEST(Error, EveryCodeHasItsNameAndText) {
  // The header's enum, the runtime's name/text lookup and this list all come
  // from loom/__loom_cuda_errors.def; check that the lookup answers every
  // code with that code's own entry and that no two entries share a value.
  struct Entry {
    cudaError_t Code;
    const char *Name;
    const char *Text;
  };
  const Entry Entries[] = {
#define LOOM_CUDA_ERROR(Name, Value, Description) {Name, #Name, Description},
#include "loom/__loom_cuda_errors.def"
#undef LOOM_CUDA_ERROR
  };
  EXPECT_GE(sizeof(Entries) / sizeof(Entries[0]), 130u);
  std::set<int> Values;
  for (const Entry &E : Entries) {
    EXPECT_TRUE(Values.insert(int(E.Code)).second) << "duplicate value " << int(E.Code);
    EXPECT_STREQ(cudaGetErrorName(E.Code), E.Name);
    EXPECT_STREQ(cudaGetErrorString(E.Code), E.Text) << E.Name;
    EXPECT_GT(std::strlen(E.Text), 0u) << E.Name;
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
