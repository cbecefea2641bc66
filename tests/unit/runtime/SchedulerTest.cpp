// SchedulerTest.cpp - serial scheduling (deterministic block order on the caller), chunking, child ops.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "core/Runtime.h"
#include "cuda_runtime.h"
#include "scheduler/Scheduler.h"
#include "scheduler/WorkPartition.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <mutex>
#include <string>
#include <vector>

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

// The launch queue is bounded (issue #16): a thread that submits far ahead
// of a stream that cannot progress blocks, as CUDA's launching thread does
// when its queue is full, and everything runs once the stream moves.
TEST(PoolScheduler, LaunchQueueIsBounded) {
  static std::atomic<bool> Release{false};
  static std::atomic<int> Ran{0};
  Release = false;
  Ran = 0;
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  ASSERT_EQ(cudaLaunchHostFunc(
                S,
                [](void *) {
                  while (!Release.load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                },
                nullptr),
            cudaSuccess);
  const int Ops = 3 * int(loom::Scheduler::MaxQueuedOps);
  std::atomic<int> Submitted{0};
  std::thread Submitter([&] {
    for (int I = 0; I < Ops; ++I) {
      EXPECT_EQ(cudaLaunchHostFunc(S, [](void *) { ++Ran; }, nullptr), cudaSuccess);
      ++Submitted;
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_LE(Submitted.load(), int(loom::Scheduler::MaxQueuedOps));
  EXPECT_GE(Submitted.load(), int(loom::Scheduler::MaxQueuedOps) - 1);
  Release = true;
  Submitter.join();
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  EXPECT_EQ(Ran.load(), Ops);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
}

} // namespace

// Dynamic parallelism at the scheduler level: children of a running op
// complete before it; its tail launches start after its other children, in
// launch order; the next op of the parent's stream waits for all of them.
namespace dp {
struct Log {
  std::mutex M;
  std::vector<std::string> Events;
  void add(std::string E) {
    std::lock_guard<std::mutex> Lock(M);
    Events.push_back(std::move(E));
  }
  size_t indexOf(const std::string &E) {
    std::lock_guard<std::mutex> Lock(M);
    for (size_t I = 0; I < Events.size(); ++I)
      if (Events[I] == E)
        return I;
    return SIZE_MAX;
  }
};

class LoggedOp : public loom::Op {
public:
  LoggedOp(Log &L, std::string Name, std::function<void(LoggedOp &)> Body = nullptr)
      : Op(1, 1), L(L), Name(std::move(Name)), Body(std::move(Body)) {}
  void run(uint64_t, uint64_t, loom::WorkerState &) override {
    L.add(Name + ".run");
    if (Body)
      Body(*this);
  }
  void onComplete() override { L.add(Name + ".done"); }
  Log &L;
  std::string Name;
  std::function<void(LoggedOp &)> Body;
};
} // namespace dp

TEST(PoolScheduler, ChildAndTailLaunches) {
  for (loom::SchedulerKind Kind : {loom::SchedulerKind::Pool, loom::SchedulerKind::Serial}) {
    loom::Scheduler Sched(Kind, 2);
    dp::Log L;
    auto S = Sched.createStream(0);
    auto Parent = std::make_shared<dp::LoggedOp>(L, "P", [&](dp::LoggedOp &Self) {
      loom::OpRef Me = Self.shared_from_this();
      auto Grand = [&](dp::LoggedOp &C1) {
        Sched.submitChild(C1.shared_from_this(), nullptr,
                          std::make_shared<dp::LoggedOp>(L, "G"), false);
      };
      Sched.submitChild(Me, nullptr, std::make_shared<dp::LoggedOp>(L, "C1", Grand), false);
      Sched.submitChild(Me, nullptr, std::make_shared<dp::LoggedOp>(L, "C2"), false);
      Sched.submitChild(Me, nullptr, std::make_shared<dp::LoggedOp>(L, "T1"), true);
      Sched.submitChild(Me, nullptr, std::make_shared<dp::LoggedOp>(L, "T2"), true);
      L.add("P.body-end");
    });
    Sched.submit(S, Parent);
    auto Next = std::make_shared<dp::LoggedOp>(L, "N");
    Sched.submit(S, Next);
    Sched.waitStream(S);
    ASSERT_TRUE(Parent->isDone() && Next->isDone());
    // Children in launch order; a grandchild completes before its parent.
    EXPECT_LT(L.indexOf("C1.done"), L.indexOf("C2.run"));
    EXPECT_LT(L.indexOf("G.done"), L.indexOf("C1.done"));
    // Tail launches: after the body and the other children, in order.
    EXPECT_LT(L.indexOf("P.body-end"), L.indexOf("T1.run"));
    EXPECT_LT(L.indexOf("C2.done"), L.indexOf("T1.run"));
    EXPECT_LT(L.indexOf("G.done"), L.indexOf("T1.run"));
    EXPECT_LT(L.indexOf("T1.done"), L.indexOf("T2.run"));
    // The parent completes last of its family; the stream's next op after it.
    EXPECT_LT(L.indexOf("T2.done"), L.indexOf("P.done"));
    EXPECT_LT(L.indexOf("P.done"), L.indexOf("N.run"));
  }
}

// A long single-unit op (a host function: a cuBLAS or cuFFT call) leaves no
// unit to take: the other workers must sleep, not loop on a stale "has
// work" until it ends, taking the cores the call's own threads need.
TEST(PoolScheduler, IdleWorkersSleepDuringLongHostFunction) {
  loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Pool, 2);
  auto CpuMs = [] {
    rusage U;
    getrusage(RUSAGE_SELF, &U);
    return (U.ru_utime.tv_sec + U.ru_stime.tv_sec) * 1e3 +
           (U.ru_utime.tv_usec + U.ru_stime.tv_usec) / 1e3;
  };
  double Before = CpuMs();
  ASSERT_EQ(cudaLaunchHostFunc(
                nullptr, [](void *) { std::this_thread::sleep_for(std::chrono::milliseconds(200)); },
                nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  // Spinning, the idle worker would burn most of the 200 ms.
  EXPECT_LT(CpuMs() - Before, 50.0);
}

// LOOM_DEVICES=n: each device has workers of its own, so a kernel of device 0
// whose blocks wait for a flag that device 1's kernel sets completes, however
// many blocks it has: as on two GPUs. With one shared pool every worker would
// be spinning in device 0's blocks and device 1's op would start only after
// they gave up. (No timing assertion: the spinning blocks give up after 10 s,
// far beyond a passing run, and the test checks that none had to.)
namespace devices_pool {

struct SpinUntilFlag final : loom::Op {
  std::atomic<int> &Flag;
  std::atomic<int> Started{0}, GaveUp{0};
  std::chrono::steady_clock::time_point Deadline;
  SpinUntilFlag(uint64_t Units, std::atomic<int> &Flag)
      : Op(Units, 1), Flag(Flag),
        Deadline(std::chrono::steady_clock::now() + std::chrono::seconds(10)) {}
  void run(uint64_t, uint64_t, loom::WorkerState &) override {
    Started.fetch_add(1);
    while (!Flag.load()) {
      if (std::chrono::steady_clock::now() > Deadline) {
        GaveUp.fetch_add(1);
        return;
      }
      std::this_thread::yield();
    }
  }
};

struct SetFlag final : loom::Op {
  std::atomic<int> &Flag;
  explicit SetFlag(std::atomic<int> &Flag) : Op(1, 1), Flag(Flag) {}
  void run(uint64_t, uint64_t, loom::WorkerState &) override { Flag.store(1); }
};

TEST(PerDevicePools, DeviceOneRunsWhileDeviceZeroSpins) {
  // Two workers, as on a 2-core machine: one per device.
  loom::Scheduler S(loom::SchedulerKind::Pool, 2, /*NumDevices=*/2);
  ASSERT_EQ(S.numWorkers(), 2u);
  EXPECT_EQ(S.workerDevice(0), 0);
  EXPECT_EQ(S.workerDevice(1), 1);
  std::shared_ptr<loom::Stream> Dev0 = S.createStream(cudaStreamNonBlocking, 0, 0);
  std::shared_ptr<loom::Stream> Dev1 = S.createStream(cudaStreamNonBlocking, 0, 1);
  std::atomic<int> Flag{0};
  auto Spin = std::make_shared<SpinUntilFlag>(8, Flag);
  S.submit(Dev0, Spin);
  // Device 0's blocks are running (and spinning) before device 1's launch.
  while (Spin->Started.load() == 0)
    std::this_thread::yield();
  auto Set = std::make_shared<SetFlag>(Flag);
  S.submit(Dev1, Set);
  // Not helping (a waiting host thread runs any device's work): only the
  // workers may run them.
  while (!Spin->isDone())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_TRUE(Set->isDone());
  EXPECT_EQ(Spin->GaveUp.load(), 0);
  EXPECT_EQ(Spin->Started.load(), 8);
  S.waitAll();
}

TEST(PerDevicePools, EachDeviceHasAWorkerEvenWithFewerCpus) {
  loom::Scheduler S(loom::SchedulerKind::Pool, 1, /*NumDevices=*/3);
  EXPECT_EQ(S.numWorkers(), 3u);
  loom::Scheduler One(loom::SchedulerKind::Pool, 4, /*NumDevices=*/1);
  EXPECT_EQ(One.numWorkers(), 4u);
  EXPECT_EQ(One.workerDevice(0), -1);
  loom::Scheduler Serial(loom::SchedulerKind::Serial, 4, /*NumDevices=*/2);
  EXPECT_EQ(Serial.numWorkers(), 0u);
}

} // namespace devices_pool
