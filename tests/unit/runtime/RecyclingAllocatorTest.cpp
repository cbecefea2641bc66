// RecyclingAllocatorTest.cpp - launch records' pool: reuse, cap, arrays, threads.
// SPDX-License-Identifier: Apache-2.0
#include "support/RecyclingAllocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace {

// A type of its own, so no other test shares its pool.
struct alignas(64) Record {
  explicit Record(int V) : Value(V) {}
  int Value;
  unsigned char Payload[200];
};

using Pool = loom::BlockPool<sizeof(Record), alignof(Record)>;

TEST(RecyclingAllocator, FreedRecordIsReusedAndAligned) {
  loom::RecyclingAllocator<Record> A;
  Record *P = A.allocate(1);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % alignof(Record), 0u);
  size_t Before = Pool::get().kept();
  A.deallocate(P, 1);
  EXPECT_EQ(Pool::get().kept(), Before + 1);
  Record *Q = A.allocate(1);
  EXPECT_EQ(Q, P); // last in, first out
  EXPECT_GE(loom::RecycleCount<Record>::Reused.load(), 1u);
  EXPECT_EQ(Pool::get().kept(), Before);
  A.deallocate(Q, 1);
}

TEST(RecyclingAllocator, SharedRecordsRecycleTheirControlBlock) {
  std::shared_ptr<Record> S = std::allocate_shared<Record>(loom::RecyclingAllocator<Record>(), 7);
  EXPECT_EQ(S->Value, 7);
  const void *First = S.get();
  std::weak_ptr<Record> W = S;
  S.reset();
  EXPECT_TRUE(W.expired());
  W.reset(); // the block returns to the pool only now
  S = std::allocate_shared<Record>(loom::RecyclingAllocator<Record>(), 8);
  EXPECT_EQ(S.get(), First);
  EXPECT_EQ(S->Value, 8);
}

TEST(RecyclingAllocator, KeepsAtMostCapBlocksAndArraysUseTheHeap) {
  loom::RecyclingAllocator<Record> A;
  std::vector<Record *> Many;
  for (size_t I = 0; I < Pool::Cap + 10; ++I)
    Many.push_back(A.allocate(1));
  for (Record *P : Many)
    A.deallocate(P, 1);
  EXPECT_EQ(Pool::get().kept(), Pool::Cap);
  Record *Arr = A.allocate(3);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(Arr) % alignof(Record), 0u);
  EXPECT_EQ(Pool::get().kept(), Pool::Cap); // not taken from the pool
  A.deallocate(Arr, 3);
  EXPECT_EQ(Pool::get().kept(), Pool::Cap);
}

// Allocated on one thread, freed on another (a launch and its worker).
TEST(RecyclingAllocator, CrossThreadFreeing) {
  loom::RecyclingAllocator<Record> A;
  std::vector<Record *> Blocks;
  for (int Round = 0; Round < 50; ++Round) {
    for (int I = 0; I < 100; ++I)
      Blocks.push_back(new (A.allocate(1)) Record(I));
    std::thread Freer([&] {
      for (Record *P : Blocks) {
        P->~Record();
        A.deallocate(P, 1);
      }
    });
    Freer.join();
    Blocks.clear();
  }
  EXPECT_LE(Pool::get().kept(), Pool::Cap);
}

} // namespace
