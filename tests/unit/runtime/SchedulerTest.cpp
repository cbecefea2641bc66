// SchedulerTest.cpp - serial scheduling (deterministic block order on the caller) and chunking.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "core/Runtime.h"
#include "cuda_runtime.h"
#include "scheduler/WorkPartition.h"

#include <gtest/gtest.h>

namespace {

TEST(WorkPartition, ChunkSizes) {
  EXPECT_EQ(loom::chunkBlocks(1, 8), 1u);
  EXPECT_EQ(loom::chunkBlocks(1000, 1), 1000u); // serial: one chunk
  uint64_t Chunk = loom::chunkBlocks(1200, 4);
  EXPECT_EQ(Chunk, 50u); // 4 executors * 6 chunks each
  EXPECT_GE(loom::chunkBlocks(uint64_t(1) << 40, 2), 1u);
  EXPECT_EQ(loom::chunkBlocks(5, 16), 1u);
}

class SerialScheduler : public testing::Test {
protected:
  void SetUp() override {
    loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Serial, 0);
  }
  void TearDown() override {
    loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Pool, 2);
  }
};

TEST_F(SerialScheduler, RunsAtSynchronizationOnCallerInBlockOrder) {
  const int Blocks = 300;
  int *Log, *Next;
  ASSERT_EQ(cudaMallocManaged(&Log, Blocks * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Next, sizeof(int)), cudaSuccess);
  *Next = 0;
  fake::BlockOrderOnOtherThread = false;
  void *Args[] = {&Log, &Next};
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::blockOrderStub),
                             dim3(10, 6, 5), dim3(4), Args, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(*Next, 0); // nothing ran yet
  EXPECT_EQ(cudaStreamQuery(0), cudaSuccess); // a query runs it in serial mode
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  ASSERT_EQ(*Next, Blocks);
  for (int I = 0; I < Blocks; ++I)
    ASSERT_EQ(Log[I], I);
  EXPECT_FALSE(fake::BlockOrderOnOtherThread.load());
  EXPECT_EQ(cudaFree(Log), cudaSuccess);
  EXPECT_EQ(cudaFree(Next), cudaSuccess);
}

TEST(PoolScheduler, AllBlocksRunExactlyOnce) {
  const int Blocks = 5000;
  int *Log, *Next;
  ASSERT_EQ(cudaMallocManaged(&Log, Blocks * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Next, sizeof(int)), cudaSuccess);
  *Next = 0;
  void *Args[] = {&Log, &Next};
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::blockOrderStub), dim3(Blocks),
                             dim3(1), Args, 0, nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  ASSERT_EQ(*Next, Blocks);
  std::vector<int> Seen(Blocks, 0);
  for (int I = 0; I < Blocks; ++I)
    ++Seen[Log[I]];
  for (int I = 0; I < Blocks; ++I)
    ASSERT_EQ(Seen[I], 1);
  EXPECT_EQ(cudaFree(Log), cudaSuccess);
  EXPECT_EQ(cudaFree(Next), cudaSuccess);
}

} // namespace
