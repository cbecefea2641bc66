// HandleTableTest.cpp - the table every CUDA handle kind lives in.
// SPDX-License-Identifier: Apache-2.0
#include "support/HandleTable.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace {

using loom::HandleTable;

struct Counted {
  static inline std::atomic<int> Alive{0};
  int Value = 0;
  explicit Counted(int V = 0) : Value(V) { ++Alive; }
  ~Counted() { --Alive; }
};

struct Record {
  bool Live = true;
  int Value = 0;
  void retire() { Live = false; }
};

TEST(HandleTable, CreateFindDestroy) {
  HandleTable<Counted> T;
  Counted *A = T.create(1);
  Counted *B = T.create(2);
  EXPECT_EQ(Counted::Alive, 2);
  EXPECT_TRUE(T.contains(A));
  EXPECT_FALSE(T.contains(nullptr));
  int Seen = 0;
  EXPECT_TRUE(T.with(B, [&](Counted &C) { Seen = C.Value; }));
  EXPECT_EQ(Seen, 2);
  EXPECT_TRUE(T.destroy(A));
  EXPECT_EQ(Counted::Alive, 1);
  EXPECT_FALSE(T.destroy(A)); // twice: not live
  EXPECT_FALSE(T.contains(A));
  EXPECT_FALSE(T.with(A, [&](Counted &) { Seen = -1; }));
  EXPECT_EQ(Seen, 2);
  T.destroyAll();
  EXPECT_EQ(Counted::Alive, 0);
  EXPECT_EQ(T.size(), 0u);
  EXPECT_FALSE(T.contains(B));
}

TEST(HandleTable, TakeHandsOverOwnership) {
  HandleTable<Counted> T;
  Counted *A = T.create(5);
  auto Owned = T.take(A);
  ASSERT_TRUE(Owned);
  EXPECT_FALSE(T.contains(A)); // gone from the table before it is released
  EXPECT_EQ(Counted::Alive, 1);
  T.release(std::move(Owned));
  EXPECT_EQ(Counted::Alive, 0);
  EXPECT_FALSE(T.take(A));
}

TEST(HandleTable, KeepDestroyedRetiresAndReuses) {
  HandleTable<Record, loom::KeepDestroyed> T;
  auto R = T.make();
  R->Value = 1;
  Record *A = T.insert(std::move(R));
  ASSERT_TRUE(T.destroy(A));
  // The record is dead but still readable through a stale handle.
  EXPECT_FALSE(A->Live);
  EXPECT_EQ(A->Value, 1);
  auto Again = T.make();
  EXPECT_EQ(Again.get(), A); // reused
  Again->Live = true;
  EXPECT_EQ(T.insert(std::move(Again)), A);
  T.destroyAll();
  EXPECT_FALSE(A->Live);
}

TEST(HandleTable, NeverReuseKeepsAddressesUnique) {
  HandleTable<Record, loom::NeverReuse> T;
  Record *A = T.create();
  ASSERT_TRUE(T.destroy(A));
  Record *B = T.create();
  EXPECT_NE(A, B);
  EXPECT_FALSE(T.contains(A));
  EXPECT_TRUE(T.contains(B));
}

TEST(HandleTable, ConcurrentCreateAndDestroy) {
  HandleTable<Counted> T;
  std::vector<std::thread> Threads;
  for (int I = 0; I < 4; ++I)
    Threads.emplace_back([&T] {
      for (int J = 0; J < 1000; ++J)
        EXPECT_TRUE(T.destroy(T.create(J)));
    });
  for (std::thread &Th : Threads)
    Th.join();
  EXPECT_EQ(T.size(), 0u);
  EXPECT_EQ(Counted::Alive, 0);
}

} // namespace
