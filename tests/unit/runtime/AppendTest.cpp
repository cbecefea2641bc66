// AppendTest.cpp - staged appends (__loom_append): slots, flushes, streams, faults.
// SPDX-License-Identifier: Apache-2.0
#include "device/Append.h"
#include "device/KernelGuard.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

namespace {

constexpr uint32_t Signed = LOOM_APPEND_SIGNED_INDEX;

/// Appends Values one at a time as a scalar kernel does.
void appendEach(uint32_t *Count, int *Out, const std::vector<int> &Values) {
  for (int V : Values)
    *static_cast<int *>(__loom_append(Count, Out, sizeof(int), 1, Signed)) = V;
}

TEST(Append, NothingMovesBeforeTheFlush) {
  loom::discardAppends();
  uint32_t Count = 0;
  std::vector<int> Out(16, -1);
  appendEach(&Count, Out.data(), {1, 2, 3});
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(Out[0], -1);
  loom::flushAppends();
  EXPECT_EQ(Count, 3u);
  EXPECT_EQ(std::vector<int>(Out.begin(), Out.begin() + 4), (std::vector<int>{1, 2, 3, -1}));
  loom::flushAppends(); // nothing left
  EXPECT_EQ(Count, 3u);
}

TEST(Append, FlushStartsAtTheCounter) {
  loom::discardAppends();
  uint32_t Count = 5;
  std::vector<int> Out(16, -1);
  appendEach(&Count, Out.data(), {7, 8});
  loom::flushAppends();
  EXPECT_EQ(Count, 7u);
  EXPECT_EQ(Out[4], -1);
  EXPECT_EQ(Out[5], 7);
  EXPECT_EQ(Out[6], 8);
}

TEST(Append, GangReservationIsConsecutive) {
  loom::discardAppends();
  uint32_t Count = 0;
  std::vector<int> Out(64, -1);
  auto *A = static_cast<int *>(__loom_append(&Count, Out.data(), sizeof(int), 16, Signed));
  auto *B = static_cast<int *>(__loom_append(&Count, Out.data(), sizeof(int), 0, Signed));
  auto *C = static_cast<int *>(__loom_append(&Count, Out.data(), sizeof(int), 3, Signed));
  EXPECT_EQ(B, A + 16); // n = 0 reserves nothing
  EXPECT_EQ(C, A + 16);
  for (int I = 0; I < 16; ++I)
    A[I] = I;
  for (int I = 0; I < 3; ++I)
    C[I] = 100 + I;
  loom::flushAppends();
  EXPECT_EQ(Count, 19u);
  EXPECT_EQ(Out[15], 15);
  EXPECT_EQ(Out[16], 100);
  EXPECT_EQ(Out[18], 102);
}

TEST(Append, FullBufferFlushesOnItsOwn) {
  loom::discardAppends();
  const int N = int(3 * loom::AppendStagingBytes / sizeof(int) + 7);
  uint32_t Count = 0;
  std::vector<int> Out(N, -1), Want(N);
  std::iota(Want.begin(), Want.end(), 0);
  appendEach(&Count, Out.data(), Want);
  EXPECT_EQ(Count, uint32_t(3 * loom::AppendStagingBytes / sizeof(int))); // three full buffers
  loom::flushAppends();
  EXPECT_EQ(Count, uint32_t(N));
  EXPECT_EQ(Out, Want); // one thread: buffers land in order
}

TEST(Append, ManyStreamsAndSixtyFourBitCounters) {
  loom::discardAppends();
  constexpr unsigned Streams = loom::AppendMaxStreams + 2; // forces an early flush
  uint64_t Counts[Streams] = {};
  std::vector<std::vector<double>> Outs(Streams, std::vector<double>(40, -1.0));
  for (int Round = 0; Round < 40; ++Round)
    for (unsigned S = 0; S < Streams; ++S)
      *static_cast<double *>(__loom_append(&Counts[S], Outs[S].data(), sizeof(double), 1,
                                           LOOM_APPEND_COUNTER64)) = S * 1000 + Round;
  loom::flushAppends();
  for (unsigned S = 0; S < Streams; ++S) {
    EXPECT_EQ(Counts[S], 40u) << "stream " << S;
    std::vector<double> Got = Outs[S];
    std::sort(Got.begin(), Got.end());
    for (int Round = 0; Round < 40; ++Round)
      EXPECT_EQ(Got[Round], S * 1000 + Round) << "stream " << S;
  }
}

TEST(Append, MoreThanABufferGoesInPlace) {
  loom::discardAppends();
  const uint32_t N = uint32_t(loom::AppendStagingBytes / sizeof(int)) + 1;
  uint32_t Count = 3;
  std::vector<int> Out(N + 8, -1);
  auto *At = static_cast<int *>(__loom_append(&Count, Out.data(), sizeof(int), N, Signed));
  EXPECT_EQ(At, Out.data() + 3);
  EXPECT_EQ(Count, 3 + N);
}

TEST(Append, NegativeCounterIndexesSignExtended) {
  loom::discardAppends();
  int32_t Count = -2;
  std::vector<int> Out(8, -1);
  int *Middle = Out.data() + 4;
  appendEach(reinterpret_cast<uint32_t *>(&Count), Middle, {10, 11, 12});
  loom::flushAppends();
  EXPECT_EQ(Count, 1);
  EXPECT_EQ(Out[2], 10);
  EXPECT_EQ(Out[3], 11);
  EXPECT_EQ(Out[4], 12);
}

TEST(Append, ThreadsTogetherLoseNothing) {
  constexpr int Threads = 4, Each = 20000;
  uint32_t Count = 0;
  std::vector<int> Out(Threads * Each, -1);
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      std::vector<int> Mine(Each);
      std::iota(Mine.begin(), Mine.end(), T * Each);
      appendEach(&Count, Out.data(), Mine);
      loom::flushAppends();
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Count, uint32_t(Threads * Each));
  std::sort(Out.begin(), Out.end());
  for (int I = 0; I < Threads * Each; ++I)
    ASSERT_EQ(Out[I], I);
}

// Kernel entries as the compiler emits them call __loom_append; the guard
// flushes when the entry returns and discards when a fault abandons it.
struct EntryArgs {
  uint32_t *Count;
  int *Out;
  bool Fault;
};

void appendingEntry(const LoomLaunch *, void *const *Args, uint64_t Begin, uint64_t End,
                    LoomWorker *) {
  auto *A = static_cast<EntryArgs *>(Args[0]);
  for (uint64_t B = Begin; B < End; ++B)
    *static_cast<int *>(__loom_append(A->Count, A->Out, sizeof(int), 1, Signed)) = int(B);
  if (A->Fault)
    loom::abandonCurrentKernel();
}

TEST(Append, EntryReturnFlushes) {
  loom::discardAppends();
  uint32_t Count = 0;
  std::vector<int> Out(8, -1);
  EntryArgs A{&Count, Out.data(), false};
  void *Args[] = {&A};
  EXPECT_TRUE(loom::runEntryGuarded(appendingEntry, nullptr, Args, 0, 5, nullptr));
  EXPECT_EQ(Count, 5u);
  EXPECT_EQ(std::vector<int>(Out.begin(), Out.begin() + 6), (std::vector<int>{0, 1, 2, 3, 4, -1}));
}

TEST(Append, AbandonedEntryDiscards) {
  loom::discardAppends();
  uint32_t Count = 0;
  std::vector<int> Out(8, -1);
  EntryArgs A{&Count, Out.data(), true};
  void *Args[] = {&A};
  EXPECT_FALSE(loom::runEntryGuarded(appendingEntry, nullptr, Args, 0, 5, nullptr));
  loom::flushAppends(); // the fault's elements are gone, not written later
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(Out[0], -1);
}

} // namespace
