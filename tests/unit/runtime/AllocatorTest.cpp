// AllocatorTest.cpp - huge-page alignment and the bytes large allocations reserve.
// SPDX-License-Identifier: Apache-2.0
#include "memory/Allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {

constexpr size_t MiB2 = loom::Allocator::HugePageBytes;

TEST(Allocator, LargeAllocationsReserveWholeHugePages) {
  loom::Allocator A(size_t(1) << 40);
  void *P = nullptr, *Q = nullptr;
  ASSERT_EQ(A.allocate(3 * MiB2 + 5, loom::AllocKind::Device, 0, &P), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % MiB2, 0u);
  EXPECT_EQ(A.bytesInUse(), 4 * MiB2);
  ASSERT_EQ(A.allocate(1000, loom::AllocKind::Device, 0, &Q), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(Q) % loom::Allocator::Alignment, 0u);
  EXPECT_EQ(A.bytesInUse(), 4 * MiB2 + 1024);
  std::memset(P, 7, 3 * MiB2 + 5);
  EXPECT_EQ(A.release(P, loom::Allocator::bit(loom::AllocKind::Device)), cudaSuccess);
  EXPECT_EQ(A.bytesInUse(), 1024u);
  EXPECT_EQ(A.release(Q, loom::Allocator::bit(loom::AllocKind::Device)), cudaSuccess);
  EXPECT_EQ(A.bytesInUse(), 0u);
}

// LOOM_HUGE_PAGES=0: plain 256-byte granules.
TEST(Allocator, HugePagesOff) {
  loom::Allocator A(size_t(1) << 40, /*HugePages=*/false);
  void *P = nullptr;
  ASSERT_EQ(A.allocate(3 * MiB2 + 5, loom::AllocKind::Device, 0, &P), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % loom::Allocator::Alignment, 0u);
  EXPECT_EQ(A.bytesInUse(), 3 * MiB2 + 256);
  EXPECT_EQ(A.release(P, loom::Allocator::bit(loom::AllocKind::Device)), cudaSuccess);
  EXPECT_EQ(A.bytesInUse(), 0u);
}

} // namespace
