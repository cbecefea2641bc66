// MemoryTest.cpp - allocation, free, copy and fill validation and pointer attributes.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

TEST(Memory, MallocIsAlignedAndTracked) {
  void *P = nullptr;
  ASSERT_EQ(cudaMalloc(&P, 1000), cudaSuccess);
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % 256, 0u);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, static_cast<char *>(P) + 10), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeDevice);
  EXPECT_EQ(Attr.device, 0);
  EXPECT_EQ(cudaFree(P), cudaSuccess);
}

TEST(Memory, ZeroSizeAndNullFree) {
  void *P = reinterpret_cast<void *>(0x1);
  EXPECT_EQ(cudaMalloc(&P, 0), cudaSuccess);
  EXPECT_EQ(P, nullptr);
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Memory, FreeOfUnknownPointerIsInvalidValue) {
  int Local;
  EXPECT_EQ(cudaFree(&Local), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  void *P;
  ASSERT_EQ(cudaMalloc(&P, 64), cudaSuccess);
  EXPECT_EQ(cudaFree(static_cast<char *>(P) + 1), cudaErrorInvalidValue); // interior
  EXPECT_EQ(cudaFreeHost(P), cudaErrorInvalidValue);                      // wrong kind
  EXPECT_EQ(cudaFree(P), cudaSuccess);
  EXPECT_EQ(cudaFree(P), cudaErrorInvalidValue); // double free
  cudaGetLastError();
}

TEST(Memory, HugeAllocationFailsCleanly) {
  void *P = reinterpret_cast<void *>(0x1);
  EXPECT_EQ(cudaMalloc(&P, SIZE_MAX), cudaErrorMemoryAllocation);
  EXPECT_EQ(P, nullptr);
  EXPECT_EQ(cudaMalloc(&P, size_t(1) << 60), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
}

TEST(Memory, MemcpyValidation) {
  char Buf[16];
  EXPECT_EQ(cudaMemcpy(nullptr, Buf, 16, cudaMemcpyHostToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(Buf, nullptr, 16, cudaMemcpyHostToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(Buf, Buf + 8, 8, static_cast<cudaMemcpyKind>(7)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(cudaMemset(nullptr, 0, 4), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Memory, CopiesAndFillsInEveryDirection) {
  const size_t N = 1 << 16;
  std::vector<unsigned char> Src(N), Dst(N);
  for (size_t I = 0; I < N; ++I)
    Src[I] = static_cast<unsigned char>(I * 7);
  unsigned char *Dev, *Dev2, *Pinned;
  ASSERT_EQ(cudaMalloc(&Dev, N), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&Dev2, N), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&Pinned, N), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(Dev, Src.data(), N, cudaMemcpyHostToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(Dev2, Dev, N, cudaMemcpyDeviceToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(Pinned, Dev2, N, cudaMemcpyDeviceToHost, 0), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(Dev2, 0xab, N / 2, 0), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(Dst.data(), Dev2, N, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(std::memcmp(Pinned, Src.data(), N), 0);
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Dst[I], I < N / 2 ? 0xab : Src[I]);

  // 2D: copy a 3x4 window between pitched buffers.
  void *Pitched;
  size_t Pitch;
  ASSERT_EQ(cudaMallocPitch(&Pitched, &Pitch, 10, 4), cudaSuccess);
  EXPECT_GE(Pitch, 10u);
  ASSERT_EQ(cudaMemset2D(Pitched, Pitch, 1, 10, 4), cudaSuccess);
  unsigned char Window[4][3];
  ASSERT_EQ(cudaMemcpy2D(Window, 3, Pitched, Pitch, 3, 4, cudaMemcpyDeviceToHost), cudaSuccess);
  for (auto &Row : Window)
    for (unsigned char C : Row)
      EXPECT_EQ(C, 1);
  EXPECT_EQ(cudaMemcpy2D(Window, 2, Pitched, Pitch, 3, 4, cudaMemcpyDeviceToHost),
            cudaErrorInvalidPitchValue);
  cudaGetLastError();

  EXPECT_EQ(cudaFree(Pitched), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(Pinned), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev2), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Memory, HostAndManagedAttributes) {
  void *Host, *Managed;
  ASSERT_EQ(cudaHostAlloc(&Host, 128, cudaHostAllocMapped), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Managed, 128), cudaSuccess);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Host), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeHost);
  EXPECT_EQ(Attr.hostPointer, Host);
  void *DevView;
  ASSERT_EQ(cudaHostGetDevicePointer(&DevView, Host, 0), cudaSuccess);
  EXPECT_EQ(DevView, Host);
  unsigned Flags;
  ASSERT_EQ(cudaHostGetFlags(&Flags, Host), cudaSuccess);
  EXPECT_EQ(Flags, unsigned(cudaHostAllocMapped));
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Managed), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeManaged);
  int Stack;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, &Stack), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeUnregistered);
  ASSERT_EQ(cudaHostRegister(&Stack, sizeof(Stack), 0), cudaSuccess);
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, &Stack), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeHost);
  EXPECT_EQ(cudaHostRegister(&Stack, sizeof(Stack), 0), cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaHostUnregister(&Stack), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(&Stack), cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  EXPECT_EQ(cudaFreeHost(Host), cudaSuccess);
  EXPECT_EQ(cudaFree(Managed), cudaSuccess);
}

TEST(Memory, MemGetInfo) {
  size_t Free = 0, Total = 0;
  ASSERT_EQ(cudaMemGetInfo(&Free, &Total), cudaSuccess);
  EXPECT_GT(Total, 0u);
  EXPECT_LE(Free, Total);
}

// Allocations of 2 MiB and more are aligned for transparent huge pages (a
// GPU maps device memory with large pages; kernels stride across it).
TEST(Memory, LargeAllocationsAreHugePageAligned) {
  const size_t Huge = size_t(2) << 20;
  void *P = nullptr, *Q = nullptr;
  ASSERT_EQ(cudaMalloc(&P, 3 * Huge + 5), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % Huge, 0u);
  ASSERT_EQ(cudaMallocManaged(&Q, Huge), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(Q) % Huge, 0u);
  // The whole range is usable.
  std::memset(P, 1, 3 * Huge + 5);
  EXPECT_EQ(cudaMemset(Q, 2, Huge), cudaSuccess);
  EXPECT_EQ(static_cast<unsigned char *>(Q)[Huge - 1], 2);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, static_cast<char *>(P) + 3 * Huge + 4), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeDevice);
  EXPECT_EQ(cudaFree(P), cudaSuccess);
  EXPECT_EQ(cudaFree(Q), cudaSuccess);
}

} // namespace
