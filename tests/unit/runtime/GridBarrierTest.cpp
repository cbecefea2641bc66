// GridBarrierTest.cpp - the grid barrier alone: ordering, visibility, leaving, generations, futex path.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/GridBarrier.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

/// Threads run Rounds rounds; in round R each writes R into its slot, waits,
/// and checks that every slot holds R (nobody ran ahead, every write is
/// visible), then waits again before the next round overwrites.
void runRounds(unsigned Threads, unsigned Rounds, uint32_t Spin) {
  loom::GridBarrier Barrier(Threads, Spin);
  std::vector<unsigned> Slots(Threads, ~0u); // plain memory: the barrier orders it
  std::atomic<unsigned> Errors{0};
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      for (unsigned R = 0; R < Rounds; ++R) {
        Slots[T] = R;
        Barrier.arriveAndWait();
        for (unsigned O = 0; O < Threads; ++O)
          if (Slots[O] != R)
            ++Errors;
        Barrier.arriveAndWait();
      }
      Barrier.leave();
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Errors.load(), 0u);
  EXPECT_EQ(Barrier.generation(), 2 * Rounds);
  EXPECT_EQ(Barrier.participants(), 0u);
}

TEST(GridBarrier, SpinningRounds) {
  // As many threads as cores: the spin path, where waiters rarely sleep.
  unsigned Cores = std::max(2u, std::thread::hardware_concurrency());
  runRounds(Cores > 8 ? 8 : Cores, 500, 4000);
}

TEST(GridBarrier, SleepingRounds) { runRounds(4, 300, 0); } // futex every time

TEST(GridBarrier, OversubscribedRounds) {
  unsigned Threads = 4 * std::max(1u, std::thread::hardware_concurrency());
  runRounds(Threads > 64 ? 64 : Threads, 50, loom::GridBarrier::spinFor(Threads, 1));
}

TEST(GridBarrier, SingleParticipantNeverWaits) {
  loom::GridBarrier Barrier(1, 0);
  for (int I = 0; I < 10; ++I)
    Barrier.arriveAndWait();
  EXPECT_EQ(Barrier.generation(), 10u);
}

TEST(GridBarrier, LeavingReleasesWaiters) {
  // Two of three wait; the third leaves instead of arriving: they go on, and
  // later generations count only the two.
  loom::GridBarrier Barrier(3, 0);
  std::atomic<int> Passed{0};
  std::vector<std::thread> Waiters;
  for (int I = 0; I < 2; ++I)
    Waiters.emplace_back([&] {
      Barrier.arriveAndWait();
      ++Passed;
      Barrier.arriveAndWait();
      ++Passed;
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(Passed.load(), 0);
  Barrier.leave();
  for (std::thread &T : Waiters)
    T.join();
  EXPECT_EQ(Passed.load(), 4);
  EXPECT_EQ(Barrier.generation(), 2u);
  EXPECT_EQ(Barrier.participants(), 2u);
}

TEST(GridBarrier, LeavingBeforeAnyoneArrivesDoesNotRelease) {
  loom::GridBarrier Barrier(3, 0);
  Barrier.leave();
  EXPECT_EQ(Barrier.generation(), 0u);
  EXPECT_EQ(Barrier.participants(), 2u);
  std::thread Other([&] { Barrier.arriveAndWait(); });
  Barrier.arriveAndWait();
  Other.join();
  EXPECT_EQ(Barrier.generation(), 1u);
}

TEST(GridBarrier, CurrentBarrierIsPerThread) {
  loom::GridBarrier Barrier(1, 0);
  EXPECT_EQ(loom::currentGridBarrier(), nullptr);
  EXPECT_EQ(loom::setCurrentGridBarrier(&Barrier), nullptr);
  EXPECT_EQ(loom::currentGridBarrier(), &Barrier);
  std::thread([] { EXPECT_EQ(loom::currentGridBarrier(), nullptr); }).join();
  EXPECT_EQ(loom::setCurrentGridBarrier(nullptr), &Barrier);
}

} // namespace
