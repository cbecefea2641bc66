// WorkerStateTest.cpp - per-worker buffers: alignment, growth, and the guard
// zones around shared memory that vectorized kernels may read
// (LOOM_SHARED_GUARD_BYTES).
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/WorkerState.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {

bool aligned64(const void *P) { return reinterpret_cast<uintptr_t>(P) % 64 == 0; }

/// Fills and checks the guard zones on both sides of [Data, Data + Bytes):
/// they are part of the allocation (a write outside it corrupts the heap,
/// which the next growth's free() or a sanitizer reports).
void touchGuards(void *Data, uint64_t Bytes, uint64_t Guard) {
  auto *P = static_cast<unsigned char *>(Data);
  std::memset(P - Guard, 0xa5, Guard);
  std::memset(P + Bytes, 0x5a, Guard);
  for (uint64_t I = 0; I < Guard; ++I) {
    ASSERT_EQ(P[-1 - int64_t(I)], 0xa5);
    ASSERT_EQ(P[Bytes + I], 0x5a);
  }
}

TEST(GrowableBuffer, GrowsAlignedWithGuardZones) {
  loom::GrowableBuffer Buf(LOOM_SHARED_GUARD_BYTES);
  void *A = Buf.reserve(100);
  ASSERT_NE(A, nullptr);
  EXPECT_TRUE(aligned64(A));
  EXPECT_GE(Buf.capacity(), 100u);
  touchGuards(A, Buf.capacity(), LOOM_SHARED_GUARD_BYTES);
  EXPECT_EQ(Buf.reserve(Buf.capacity()), A) << "no reallocation within capacity";
  void *B = Buf.reserve(10 * Buf.capacity() + 1);
  ASSERT_NE(B, nullptr);
  EXPECT_TRUE(aligned64(B));
  touchGuards(B, Buf.capacity(), LOOM_SHARED_GUARD_BYTES);
}

TEST(GrowableBuffer, HugeRequestFailsCleanly) {
  loom::GrowableBuffer Buf(LOOM_SHARED_GUARD_BYTES);
  EXPECT_EQ(Buf.reserve(UINT64_MAX - 8), nullptr);
  EXPECT_NE(Buf.reserve(64), nullptr);
}

TEST(WorkerState, SharedMemoryHasGuardZones) {
  loom::WorkerState WS(0);
  LoomWorker *W = WS.prepare(96 * 1024, 4096);
  ASSERT_NE(W, nullptr);
  EXPECT_TRUE(aligned64(W->sharedMem));
  EXPECT_GE(W->threadArenaBytes, 4096u);
  touchGuards(W->sharedMem, 96 * 1024, LOOM_SHARED_GUARD_BYTES);
  // Growing again keeps the zones.
  W = WS.prepare(512 * 1024, 4096);
  ASSERT_NE(W, nullptr);
  touchGuards(W->sharedMem, 512 * 1024, LOOM_SHARED_GUARD_BYTES);
}

} // namespace
