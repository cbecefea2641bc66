// LaunchTest.cpp - kernel launches: grid coverage, argument capture, asynchrony, validation, shared memory.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

/// What clang's host stub does for kernel<<<Grid, Block, Shared, Stream>>>(args...).
template <typename... Ts>
cudaError_t launchLikeClang(void (*Stub)(), dim3 Grid, dim3 Block, size_t Shared,
                            cudaStream_t Stream, Ts... Args) {
  __cudaPushCallConfiguration(Grid, Block, Shared, Stream);
  void *ArgPtrs[] = {&Args..., nullptr};
  dim3 G, B;
  size_t S;
  cudaStream_t St;
  if (cudaError_t Error = __cudaPopCallConfiguration(&G, &B, &S, &St))
    return Error;
  return cudaLaunchKernel(reinterpret_cast<const void *>(Stub), G, B, ArgPtrs, S, St);
}

TEST(Launch, ThreeDimensionalGridRunsEveryThreadOnce) {
  dim3 Grid(3, 2, 4), Block(8, 2, 3);
  size_t Threads = size_t(3 * 2 * 4) * (8 * 2 * 3);
  int *Counts;
  ASSERT_EQ(cudaMalloc(&Counts, Threads * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemset(Counts, 0, Threads * sizeof(int)), cudaSuccess);
  ASSERT_EQ(launchLikeClang(fake::countThreadsStub, Grid, Block, 0, nullptr, Counts), cudaSuccess);
  std::vector<int> Host(Threads);
  ASSERT_EQ(cudaMemcpy(Host.data(), Counts, Threads * sizeof(int), cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (size_t I = 0; I < Threads; ++I)
    ASSERT_EQ(Host[I], 1) << "thread " << I;
  EXPECT_EQ(cudaFree(Counts), cudaSuccess);
}

// Launch records are recycled: after the first launches complete, later
// ones reuse their records instead of allocating (no malloc/free per launch).
// Small launches on an idle device make no record at all
// (Scheduler::runIfIdle): inline runs are off here, so that every launch
// is queued with a record.
TEST(Launch, RecordsAreRecycled) {
  loom::Scheduler &Sched = loom::Runtime::get().scheduler();
  Sched.setRunInline(false);
  struct Restore {
    loom::Scheduler &S;
    ~Restore() { S.setRunInline(true); }
  } RestoreInline{Sched};
  int *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, 64 * sizeof(int)), cudaSuccess);
  for (int I = 0; I < 8; ++I)
    ASSERT_EQ(launchLikeClang(fake::storeValueStub, dim3(2), dim3(32), 0, nullptr, Out, I),
              cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  uint64_t Before = loom::KernelOp::recycledRecords();
  for (int I = 0; I < 100; ++I)
    ASSERT_EQ(launchLikeClang(fake::storeValueStub, dim3(2), dim3(32), 0, nullptr, Out, I),
              cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_GE(loom::KernelOp::recycledRecords() - Before, 8u);
  EXPECT_EQ(Out[0], 99);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

TEST(Launch, ArgumentsAreCopiedAtLaunch) {
  std::atomic<int> Flag{0};
  int *Out, *Dummy;
  ASSERT_EQ(cudaMallocManaged(&Out, 64 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&Dummy, sizeof(int)), cudaSuccess);
  int *const Saved = Out;
  // Hold the stream so that the next launch is still queued when we mutate.
  std::atomic<int> *FlagPtr = &Flag;
  ASSERT_EQ(launchLikeClang(fake::waitForFlagStub, dim3(1), dim3(1), 0, nullptr, FlagPtr, Dummy),
            cudaSuccess);
  int Value = 7;
  void *Args[] = {&Out, &Value};
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::storeValueStub), dim3(64),
                             dim3(32), Args, 0, nullptr),
            cudaSuccess);
  Value = 99;
  Out = nullptr; // the launch captured the pointer's value too
  Flag = 1;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int I = 0; I < 64; ++I)
    EXPECT_EQ(Saved[I], 7);
  EXPECT_EQ(cudaFree(Saved), cudaSuccess);
  EXPECT_EQ(cudaFree(Dummy), cudaSuccess);
}

TEST(Launch, ArgumentValuesSeenByKernel) {
  int *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, 16 * sizeof(int)), cudaSuccess);
  int Value = 5;
  ASSERT_EQ(launchLikeClang(fake::storeValueStub, dim3(16), dim3(1), 0, nullptr, Out, Value),
            cudaSuccess);
  Value = -1;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(Out[I], 5);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

TEST(Launch, LaunchIsAsynchronous) {
  std::atomic<int> Flag{0};
  int *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, sizeof(int)), cudaSuccess);
  *Out = 0;
  std::atomic<int> *FlagPtr = &Flag;
  // The kernel spins until the flag is set, which happens only after the
  // launch returned: a synchronous launch would time out and store -1.
  ASSERT_EQ(launchLikeClang(fake::waitForFlagStub, dim3(1), dim3(1), 0, nullptr, FlagPtr, Out),
            cudaSuccess);
  Flag = 1;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(*Out, 42);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

// A small launch of a kernel that cannot wait for the host (storeValue's
// descriptor says so; waitForFlag's does not, see LaunchIsAsynchronous) runs
// on the launching thread: done when the launch returns, nobody woken.
TEST(Launch, SmallKernelThatCannotWaitRunsAtLaunch) {
  int *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, 64 * sizeof(int)), cudaSuccess);
  for (int I = 0; I < 4; ++I) // measured: its time per block is known
    ASSERT_EQ(launchLikeClang(fake::storeValueStub, dim3(2), dim3(32), 0, nullptr, Out, I),
              cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  loom::Scheduler &Sched = loom::Runtime::get().scheduler();
  Sched.costs().pinInlineThresholdForTesting(100000); // not this machine's wake-up speed
  bool RanHere = false;
  for (int Try = 0; Try < 100 && !RanHere; ++Try) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5)); // spinning workers hold slots
    uint64_t Before = Sched.ranHere();
    ASSERT_EQ(launchLikeClang(fake::storeValueStub, dim3(2), dim3(32), 0, nullptr, Out, 100 + Try),
              cudaSuccess);
    RanHere = Sched.ranHere() == Before + 1;
    if (RanHere) {
      EXPECT_EQ(Out[0], 100 + Try); // no synchronization needed
      EXPECT_EQ(Out[1], 100 + Try); // one value per block
    }
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  }
  Sched.costs().pinInlineThresholdForTesting(-1);
  EXPECT_TRUE(RanHere);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

TEST(Launch, DefaultStreamOrdersKernelBeforeMemcpy) {
  const int Blocks = 4096;
  int *Dev;
  ASSERT_EQ(cudaMalloc(&Dev, Blocks * sizeof(int)), cudaSuccess);
  std::vector<int> Host(Blocks, 0);
  for (int Round = 1; Round <= 3; ++Round) {
    ASSERT_EQ(launchLikeClang(fake::storeValueStub, dim3(Blocks), dim3(1), 0, nullptr, Dev, Round),
              cudaSuccess);
    ASSERT_EQ(cudaMemcpy(Host.data(), Dev, Blocks * sizeof(int), cudaMemcpyDefault), cudaSuccess);
    for (int I = 0; I < Blocks; ++I)
      ASSERT_EQ(Host[I], Round);
  }
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Launch, InvalidConfigurationsAreReportedAndCleared) {
  int *Out = nullptr;
  int Value = 0;
  const dim3 Bad[][2] = {
      {dim3(1), dim3(0)},           {dim3(1), dim3(1025)},       {dim3(1), dim3(1, 1025)},
      {dim3(1), dim3(1, 1, 65)},    {dim3(1), dim3(32, 32, 2)},  {dim3(0), dim3(1)},
      {dim3(1, 65536), dim3(1)},    {dim3(1, 1, 65536), dim3(1)}, {dim3(1, 0, 1), dim3(1)},
  };
  for (const auto &Config : Bad) {
    EXPECT_EQ(launchLikeClang(fake::storeValueStub, Config[0], Config[1], 0, nullptr, Out, Value),
              cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaGetLastError(), cudaSuccess); // not sticky
  }
  // Too much dynamic shared memory without opting in.
  EXPECT_EQ(launchLikeClang(fake::storeValueStub, dim3(1), dim3(1), 48 * 1024 + 1, nullptr, Out,
                            Value),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST(Launch, UnknownStubIsInvalidDeviceFunction) {
  static int NotAStub;
  EXPECT_EQ(cudaLaunchKernel(&NotAStub, dim3(1), dim3(1), nullptr, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
  cudaFuncAttributes Attr;
  EXPECT_EQ(cudaFuncGetAttributes(&Attr, &NotAStub), cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
}

TEST(Launch, PopWithoutPushIsMissingConfiguration) {
  dim3 G, B;
  size_t S;
  cudaStream_t St;
  EXPECT_EQ(__cudaPopCallConfiguration(&G, &B, &S, &St), cudaErrorMissingConfiguration);
  cudaGetLastError();
}

TEST(Launch, DynamicSharedMemoryReachesEntry) {
  const int Blocks = 8;
  uint64_t *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, 2 * Blocks * sizeof(uint64_t)), cudaSuccess);
  ASSERT_EQ(launchLikeClang(fake::sharedProbeStub, dim3(Blocks), dim3(64), 1000, nullptr, Out),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int B = 0; B < Blocks; ++B) {
    EXPECT_EQ(Out[2 * B], 1000u);
    EXPECT_EQ(Out[2 * B + 1], 1u);
  }

  // Opting in raises the limit up to sharedMemPerBlockOptin (minus static).
  cudaDeviceProp Prop;
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 0), cudaSuccess);
  const void *Func = reinterpret_cast<const void *>(fake::sharedProbeStub);
  int Big = int(Prop.sharedMemPerBlockOptin) - 128;
  EXPECT_EQ(cudaFuncSetAttribute(Func, cudaFuncAttributeMaxDynamicSharedMemorySize, Big + 1),
            cudaErrorInvalidValue);
  cudaGetLastError();
  ASSERT_EQ(cudaFuncSetAttribute(Func, cudaFuncAttributeMaxDynamicSharedMemorySize, Big),
            cudaSuccess);
  cudaFuncAttributes Attr;
  ASSERT_EQ(cudaFuncGetAttributes(&Attr, Func), cudaSuccess);
  EXPECT_EQ(Attr.sharedSizeBytes, 128u);
  EXPECT_EQ(Attr.maxDynamicSharedSizeBytes, Big);
  EXPECT_EQ(Attr.maxThreadsPerBlock, 1024);
  ASSERT_EQ(launchLikeClang(fake::sharedProbeStub, dim3(Blocks), dim3(32), size_t(Big), nullptr,
                            Out),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int B = 0; B < Blocks; ++B) {
    EXPECT_EQ(Out[2 * B], uint64_t(Big));
    EXPECT_EQ(Out[2 * B + 1], 1u);
  }
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

TEST(Launch, OccupancyQueries) {
  const void *Func = reinterpret_cast<const void *>(fake::countThreadsStub);
  int Blocks = -1;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, Func, 256, 0), cudaSuccess);
  EXPECT_EQ(Blocks, 8);
  int MinGrid = 0, BlockSize = 0;
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&MinGrid, &BlockSize, fake::countThreadsStub),
            cudaSuccess);
  EXPECT_EQ(BlockSize, 1024);
  EXPECT_GT(MinGrid, 0);
}

} // namespace

// A vectorized kernel's barrier state is kept per gang of gangWidth threads
// of a row: a 20 x 3 block with gangs of 16 has 2 gangs per row (the second
// partial), 6 in all; a scalar kernel (gangWidth 0 or 1) one unit per thread.
TEST(LaunchArena, UnitsAreGangsOfARow) {
  LoomKernelDesc Desc{};
  Desc.threadArenaBytesPerThread = 64;
  Desc.gangWidth = 16;
  EXPECT_EQ(loom::KernelOp::arenaBytes(Desc, LoomDim3{20, 3, 1}), 6u * 64);
  EXPECT_EQ(loom::KernelOp::arenaBytes(Desc, LoomDim3{32, 2, 2}), 8u * 64);
  EXPECT_EQ(loom::KernelOp::arenaBytes(Desc, LoomDim3{1, 5, 1}), 5u * 64);
  Desc.gangWidth = 0;
  EXPECT_EQ(loom::KernelOp::arenaBytes(Desc, LoomDim3{20, 3, 1}), 60u * 64);
  Desc.gangWidth = 1;
  EXPECT_EQ(loom::KernelOp::arenaBytes(Desc, LoomDim3{20, 3, 1}), 60u * 64);
}
