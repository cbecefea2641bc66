// HostMemoryTest.cpp - registered and pinned host memory, pointer attributes, hints and stream-ordered allocation.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(HostMemory, RegisterTracksRanges) {
  std::vector<char> Buf(4096);
  char *P = Buf.data();
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, P), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeUnregistered);
  void *Dev;
  EXPECT_EQ(cudaHostGetDevicePointer(&Dev, P, 0), cudaErrorInvalidValue); // not registered
  EXPECT_EQ(cudaHostUnregister(P), cudaErrorHostMemoryNotRegistered);

  ASSERT_EQ(cudaHostRegister(P, 1024, cudaHostRegisterMapped), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(P + 512, 1024, 0), cudaErrorHostMemoryAlreadyRegistered);
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, P + 100), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeHost);
  EXPECT_EQ(Attr.hostPointer, P + 100);
  ASSERT_EQ(cudaHostGetDevicePointer(&Dev, P + 100, 0), cudaSuccess);
  EXPECT_EQ(Dev, P + 100); // one address space
  unsigned Flags = 0;
  ASSERT_EQ(cudaHostGetFlags(&Flags, P), cudaSuccess);
  EXPECT_EQ(Flags, unsigned(cudaHostRegisterMapped));
  EXPECT_EQ(cudaHostUnregister(P + 1), cudaErrorHostMemoryNotRegistered); // not the start
  EXPECT_EQ(cudaHostUnregister(P), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(P), cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaHostRegister(P, 0, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostRegister(P, 16, 0x100), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostGetFlags(&Flags, P), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(HostMemory, PinnedAndManagedPointers) {
  void *Pinned, *Managed, *Device, *Mapped;
  ASSERT_EQ(cudaHostAlloc(&Pinned, 256, cudaHostAllocMapped), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Managed, 256), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&Device, 256), cudaSuccess);
  ASSERT_EQ(cudaHostGetDevicePointer(&Mapped, Pinned, 0), cudaSuccess);
  EXPECT_EQ(Mapped, Pinned);
  ASSERT_EQ(cudaHostGetDevicePointer(&Mapped, Managed, 0), cudaSuccess);
  EXPECT_EQ(Mapped, Managed);
  EXPECT_EQ(cudaHostGetDevicePointer(&Mapped, Device, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostGetDevicePointer(&Mapped, Pinned, 1), cudaErrorInvalidValue);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Managed), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeManaged);
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Pinned), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeHost);
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Device), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeDevice);
  EXPECT_EQ(Attr.hostPointer, nullptr);

  // Hints: valid arguments are accepted, invalid ones rejected.
  EXPECT_EQ(cudaMemAdvise(Managed, 256, cudaMemAdviseSetReadMostly, 0), cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(Managed, 256, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId),
            cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(Managed, 256, cudaMemAdviseSetAccessedBy, 3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemAdvise(Managed, 256, static_cast<cudaMemoryAdvise>(42), 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPrefetchAsync(Managed, 256, 0, 0), cudaSuccess);
  EXPECT_EQ(cudaMemPrefetchAsync(Managed, 256, 5, 0), cudaErrorInvalidDevice);
  cudaGetLastError();
  EXPECT_EQ(cudaFreeHost(Pinned), cudaSuccess);
  EXPECT_EQ(cudaFree(Managed), cudaSuccess);
  EXPECT_EQ(cudaFree(Device), cudaSuccess);
}

TEST(HostMemory, MallocAsyncFreeAsyncInStreamOrder) {
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  int *P = nullptr;
  ASSERT_EQ(cudaMallocAsync(&P, 64 * sizeof(int), S), cudaSuccess);
  ASSERT_NE(P, nullptr);
  ASSERT_EQ(cudaMemsetAsync(P, 0x01, 64 * sizeof(int), S), cudaSuccess);
  std::vector<int> Host(64);
  ASSERT_EQ(cudaMemcpyAsync(Host.data(), P, 64 * sizeof(int), cudaMemcpyDeviceToHost, S),
            cudaSuccess);
  ASSERT_EQ(cudaFreeAsync(P, S), cudaSuccess); // after the copy, in stream order
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  for (int V : Host)
    ASSERT_EQ(V, 0x01010101);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, P), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeUnregistered); // freed
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
}

TEST(HostMemory, MemGetInfoIsPlausible) {
  size_t Free = 0, Total = 0;
  ASSERT_EQ(cudaMemGetInfo(&Free, &Total), cudaSuccess);
  EXPECT_GT(Total, 0u);
  EXPECT_GT(Free, 0u);
  EXPECT_LE(Free, Total);
}

} // namespace
