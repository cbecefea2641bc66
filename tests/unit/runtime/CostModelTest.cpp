// CostModelTest.cpp - the measured costs behind spinning and inline execution, and the executor slots.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/CostModel.h"
#include "scheduler/ExecutorSlots.h"

#include <gtest/gtest.h>

namespace {

using loom::CostModel;

TEST(CostModel, WakeLatencyIsAMovingAverageWithClampedSamples) {
  CostModel C(2);
  EXPECT_DOUBLE_EQ(C.wakeNs(), CostModel::InitialWakeNs);
  for (int I = 0; I < 100; ++I)
    C.recordWake(4000);
  EXPECT_NEAR(C.wakeNs(), 4000, 1);
  // One sample of a second counts as a millisecond.
  C.recordWake(1e9);
  EXPECT_LE(C.wakeNs(), 4000 + 0.25 * 1e6 + 1);
}

TEST(CostModel, SpinFollowsTheWakeLatencyWithinBounds) {
  CostModel C(2);
  for (int I = 0; I < 100; ++I)
    C.recordWake(5000);
  EXPECT_NEAR(C.spinNs(), 5000, 1);
  for (int I = 0; I < 100; ++I)
    C.recordWake(100);
  EXPECT_DOUBLE_EQ(C.spinNs(), CostModel::MinSpinNs);
  for (int I = 0; I < 100; ++I)
    C.recordWake(900000);
  EXPECT_DOUBLE_EQ(C.spinNs(), CostModel::MaxSpinNs);
}

TEST(CostModel, InlineThresholdBreaksEvenWithHandingOff) {
  CostModel Two(2), Four(4), One(1);
  for (CostModel *C : {&Two, &Four, &One})
    for (int I = 0; I < 100; ++I)
      C->recordWake(5000);
  // T < T/N + 2 wake  <=>  T < 2 wake N / (N - 1)
  EXPECT_NEAR(Two.inlineThresholdNs(), 20000, 5);
  EXPECT_NEAR(Four.inlineThresholdNs(), 2 * 5000 * 4 / 3.0, 5);
  // One executor: nothing to hand off to, only the cap.
  EXPECT_DOUBLE_EQ(One.inlineThresholdNs(), CostModel::MaxInlineNs);
  One.setExecutors(2);
  EXPECT_NEAR(One.inlineThresholdNs(), 20000, 5);
}

TEST(CostModel, PerUnitCostsAreKeptPerKey) {
  CostModel C(2);
  int A, B;
  EXPECT_LT(C.perUnitNs(&A), 0); // unknown
  C.recordUnits(&A, 10, 1000);
  EXPECT_DOUBLE_EQ(C.perUnitNs(&A), 100);
  EXPECT_LT(C.perUnitNs(&B), 0);
  C.recordUnits(&B, 1, 7);
  EXPECT_DOUBLE_EQ(C.perUnitNs(&B), 7);
  EXPECT_DOUBLE_EQ(C.perUnitNs(&A), 100);
  for (int I = 0; I < 100; ++I)
    C.recordUnits(&A, 1, 300);
  EXPECT_NEAR(C.perUnitNs(&A), 300, 1);
  EXPECT_LT(C.perUnitNs(nullptr), 0);
}

TEST(CostModel, OnePreemptedChunkDoesNotMakeAKernelLarge) {
  CostModel C(2);
  int K;
  C.recordUnits(&K, 1, 100);
  C.recordUnits(&K, 1, 5e6); // the thread was descheduled for 5 ms
  EXPECT_LE(C.perUnitNs(&K), 175 + 1e-9);
  // A kernel that really became slower is followed within a few launches.
  for (int I = 0; I < 20; ++I)
    C.recordUnits(&K, 1, 10000);
  EXPECT_NEAR(C.perUnitNs(&K), 10000, 100);
}

TEST(ExecutorSlots, CountsHoldersAndLendsBack) {
  loom::ExecutorSlots S(2);
  EXPECT_TRUE(S.tryAcquire());
  EXPECT_TRUE(S.tryAcquire());
  EXPECT_FALSE(S.tryAcquire());
  EXPECT_EQ(S.running(), 2);
  S.release();
  EXPECT_EQ(S.running(), 1);
  S.release(); // lent for a nested wait ...
  EXPECT_TRUE(S.tryAcquire());
  EXPECT_TRUE(S.tryAcquire());
  S.forceAcquire(); // ... and taken back although none is free
  EXPECT_EQ(S.freeSlots(), -1);
  EXPECT_FALSE(S.tryAcquire());
  S.release();
  S.release();
  S.release();
  EXPECT_EQ(S.freeSlots(), 2);
  S.reset(3);
  EXPECT_EQ(S.capacity(), 3);
  EXPECT_EQ(S.freeSlots(), 3);
}

} // namespace
