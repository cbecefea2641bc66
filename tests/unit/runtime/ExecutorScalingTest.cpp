// ExecutorScalingTest.cpp - at most N threads execute work at once (a waiting
// host thread takes a worker's place, never a core of its own); small work
// runs on the waiting thread without waking workers, and deferred work still
// completes when nobody waits, when it is polled, or when it turns out large.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/Scheduler.h"
#include "scheduler/WorkerState.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

namespace {

using namespace std::chrono_literals;

void busyFor(std::chrono::microseconds D) {
  auto End = std::chrono::steady_clock::now() + D;
  while (std::chrono::steady_clock::now() < End) {
  }
}

/// Counts how many threads run its units at the same time, and which.
class ProbeOp : public loom::Op {
public:
  ProbeOp(uint64_t Units, std::chrono::microseconds PerUnit, double Guess = -1,
          const void *Key = nullptr)
      : Op(Units, 1), PerUnit(PerUnit), Guess(Guess), Key(Key) {}
  void run(uint64_t, uint64_t, loom::WorkerState &) override {
    int Now = ++Running;
    int Seen = MaxRunning.load();
    while (Now > Seen && !MaxRunning.compare_exchange_weak(Seen, Now)) {
    }
    {
      std::lock_guard<std::mutex> Lock(M);
      Threads.insert(std::this_thread::get_id());
    }
    busyFor(PerUnit);
    --Running;
  }
  double guessNs() const override { return Guess; }
  const void *costKey() const override { return Key; }
  bool mayRunOnSubmitter() const override { return MayRunHere; }
  bool MayRunHere = true;
  std::set<std::thread::id> threads() {
    std::lock_guard<std::mutex> Lock(M);
    return Threads;
  }

  static std::atomic<int> Running, MaxRunning;

private:
  std::chrono::microseconds PerUnit;
  double Guess;
  const void *Key;
  std::mutex M;
  std::set<std::thread::id> Threads;
};
std::atomic<int> ProbeOp::Running{0}, ProbeOp::MaxRunning{0};

/// Runs \p Ops small ops through \p RunOne (which returns each, done) and
/// checks that nearly all ran on this thread and that nobody was woken for
/// them (a preempted caller may see an awake worker take one now and then).
template <class F>
void expectOnCallerWithoutWakeups(loom::Scheduler &Sched, int Ops, F RunOne) {
  uint64_t Wakeups = Sched.workerWakeups();
  int OnCaller = 0;
  for (int I = 0; I < Ops; ++I) {
    std::shared_ptr<ProbeOp> Op = RunOne();
    ASSERT_TRUE(Op->isDone());
    OnCaller += Op->threads() == std::set<std::thread::id>{std::this_thread::get_id()};
  }
  EXPECT_GE(OnCaller, Ops * 9 / 10);
  EXPECT_LE(Sched.workerWakeups() - Wakeups, uint64_t(Ops / 10));
}

TEST(ExecutorScaling, WaitingHostThreadNeverAddsAThread) {
  for (unsigned N : {1u, 2u}) {
    loom::Scheduler Sched(loom::SchedulerKind::Pool, N);
    ProbeOp::MaxRunning = 0;
    auto S = Sched.createStream(0);
    // Large work (unknown cost: ordinary), waited for by this thread, which
    // helps only in a worker's place.
    auto Big = std::make_shared<ProbeOp>(64, 300us);
    Sched.submit(S, Big);
    Sched.waitStream(S);
    ASSERT_TRUE(Big->isDone());
    EXPECT_LE(ProbeOp::MaxRunning.load(), int(N)) << N << " executing threads allowed";
    // Every slot comes back. The worker that finished the last chunk may
    // still be between completing the op (which releases this thread) and
    // returning its slot: give it a moment, not a leak.
    auto Deadline = std::chrono::steady_clock::now() + 1s;
    while (Sched.slots().running() != 0 && std::chrono::steady_clock::now() < Deadline)
      std::this_thread::sleep_for(100us);
    EXPECT_EQ(Sched.slots().running(), 0);
  }
}

TEST(ExecutorScaling, SmallOpsRunOnTheWaitingThreadWithoutWakingWorkers) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  std::this_thread::sleep_for(20ms); // the workers went to sleep
  const int Ops = 200;
  expectOnCallerWithoutWakeups(Sched, Ops, [&] {
    auto Small = std::make_shared<ProbeOp>(2, 0us, /*Guess=*/200);
    Sched.submit(S, Small);
    Sched.waitStream(S);
    return Small;
  });
  EXPECT_EQ(Sched.deferredStarts(), uint64_t(Ops));
}

TEST(ExecutorScaling, DeferredWorkRunsWhenNobodyWaits) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  auto Small = std::make_shared<ProbeOp>(1, 0us, /*Guess=*/200);
  Sched.submit(S, Small);
  // No wait, no query: worker 0 picks it up after the defer limit.
  auto Deadline = std::chrono::steady_clock::now() + 5s;
  while (!Small->isDone() && std::chrono::steady_clock::now() < Deadline)
    std::this_thread::sleep_for(50us);
  ASSERT_TRUE(Small->isDone());
  EXPECT_EQ(Small->threads().count(std::this_thread::get_id()), 0u);
}

TEST(ExecutorScaling, PollingPromotesDeferredWork) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  auto Small = std::make_shared<ProbeOp>(1, 0us, /*Guess=*/200);
  Sched.submit(S, Small);
  auto Deadline = std::chrono::steady_clock::now() + 5s;
  while (!Sched.queryStream(S) && std::chrono::steady_clock::now() < Deadline) {
  }
  EXPECT_TRUE(Small->isDone());
}

TEST(ExecutorScaling, DeferredOpThatTurnsOutLargeGetsTheWorkers) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Key;
  // Guessed tiny, but each unit takes 2 ms: after the first units exceed the
  // inline threshold, a worker joins.
  auto Op = std::make_shared<ProbeOp>(40, 2000us, /*Guess=*/100, &Key);
  Sched.submit(S, Op);
  Sched.waitStream(S);
  ASSERT_TRUE(Op->isDone());
  EXPECT_GE(Op->threads().size(), 2u);
  // Its measured cost now says it is large: the next one starts ordinary.
  EXPECT_GT(Sched.estimateNs(*Op), Sched.costs().inlineThresholdNs());
}

TEST(ExecutorScaling, CallerWaitsDefersEvenLargeOps) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  auto Op = std::make_shared<ProbeOp>(1, 0us);
  Op->CallerWaits = true;
  Sched.submit(S, Op);
  Sched.waitFor(Op);
  EXPECT_EQ(Sched.deferredStarts(), 1u);
  auto Other = std::make_shared<ProbeOp>(1, 0us); // unknown cost: ordinary
  Sched.submit(S, Other);
  Sched.waitFor(Other);
  EXPECT_EQ(Sched.deferredStarts(), 1u);
}

TEST(ExecutorScaling, BlockingCallIdleness) {
  loom::Scheduler Sched(loom::SchedulerKind::Serial, 0);
  auto Blocking = Sched.createStream(0);
  auto NonBlocking = Sched.createStream(0x01);
  EXPECT_TRUE(Sched.idleForBlockingCall(Sched.legacyStream()));
  Sched.submit(NonBlocking, std::make_shared<ProbeOp>(1, 0us));
  // The legacy stream is not ordered after a non-blocking stream.
  EXPECT_TRUE(Sched.idleForBlockingCall(Sched.legacyStream()));
  EXPECT_FALSE(Sched.idleForBlockingCall(NonBlocking));
  Sched.submit(Blocking, std::make_shared<ProbeOp>(1, 0us));
  EXPECT_FALSE(Sched.idleForBlockingCall(Sched.legacyStream()));
  Sched.waitBeforeBlockingCall(Sched.legacyStream());
  EXPECT_TRUE(Sched.idleForBlockingCall(Sched.legacyStream()));
  Sched.waitAll();
  EXPECT_TRUE(Sched.idleForBlockingCall(NonBlocking));
}

/// Runs small ops with \p Key through the pool so that its cost is measured
/// (several, so that the moving average forgets a slow first unit: under
/// ThreadSanitizer the first one can take longer than the inline threshold).
/// It also pins the inline threshold at 100 us (the measured one can be as
/// low as 2 us, less than one unit of a probe under a sanitizer).
void measure(loom::Scheduler &Sched, const std::shared_ptr<loom::Stream> &S, const void *Key) {
  Sched.costs().pinInlineThresholdForTesting(100000);
  for (int I = 0; I < 30; ++I) {
    auto Warm = std::make_shared<ProbeOp>(2, 0us, /*Guess=*/200, Key);
    Sched.submit(S, Warm);
    Sched.waitStream(S);
  }
  ASSERT_GE(Sched.costs().perUnitNs(Key), 0);
  // Workers that ran it spin for a while holding their executor slots; a
  // run here needs a free one.
  std::this_thread::sleep_for(20ms);
}

/// tryRunHere, retried for up to a second while workers that just ran
/// something spin holding every executor slot (then it declines).
bool runsHereSoon(loom::Scheduler &Sched, const std::shared_ptr<loom::Stream> &S,
                  const loom::OpRef &O) {
  for (int Try = 0; Try < 1000; ++Try) {
    if (Sched.tryRunHere(S, O))
      return true;
    std::this_thread::sleep_for(1ms);
  }
  return false;
}

TEST(RunHere, SmallMeasuredOpRunsOnTheCallerBeforeSubmitReturns) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Key;
  measure(Sched, S, &Key);
  const int Ops = 200;
  expectOnCallerWithoutWakeups(Sched, Ops, [&] {
    auto Small = std::make_shared<ProbeOp>(2, 0us, /*Guess=*/-1, &Key);
    EXPECT_TRUE(runsHereSoon(Sched, S, Small));
    EXPECT_TRUE(Sched.queryStream(S)); // complete on return: nothing left queued
    return Small;
  });
  EXPECT_EQ(Sched.ranHere(), uint64_t(Ops));
}

TEST(RunHere, OnlyWhenTheStreamAndWhatItFollowsAreIdle) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto Blocking = Sched.createStream(0);
  auto NonBlocking = Sched.createStream(0x01);
  int Key;
  measure(Sched, Blocking, &Key);
  auto small = [&] { return std::make_shared<ProbeOp>(1, 0us, -1, &Key); };
  // Long work in the blocking stream: the stream itself and the legacy
  // stream (ordered after blocking streams) are busy, a non-blocking one not.
  std::atomic<bool> Release{false};
  class GateOp : public loom::Op {
  public:
    explicit GateOp(std::atomic<bool> &R) : Op(1, 1), R(R) {}
    void run(uint64_t, uint64_t, loom::WorkerState &) override {
      while (!R.load())
        std::this_thread::yield();
    }
    std::atomic<bool> &R;
  };
  auto Gate = std::make_shared<GateOp>(Release);
  Sched.submit(Blocking, Gate);
  EXPECT_FALSE(Sched.tryRunHere(Blocking, small()));
  EXPECT_FALSE(Sched.tryRunHere(Sched.legacyStream(), small()));
  EXPECT_TRUE(runsHereSoon(Sched, NonBlocking, small()));
  Release = true;
  Sched.waitAll();
  EXPECT_TRUE(runsHereSoon(Sched, Sched.legacyStream(), small()));
  EXPECT_TRUE(runsHereSoon(Sched, Blocking, small()));
}

TEST(RunHere, NotForUnknownOrLargeWorkNorWhenTurnedOff) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Unmeasured, Key;
  // A kernel that never ran may be anything (one that waits for the host).
  EXPECT_FALSE(Sched.tryRunHere(S, std::make_shared<ProbeOp>(1, 0us, /*Guess=*/1, &Unmeasured)));
  // Key-less ops (copies, fills) go by their guess.
  EXPECT_TRUE(runsHereSoon(Sched, S, std::make_shared<ProbeOp>(1, 0us, /*Guess=*/200)));
  EXPECT_FALSE(Sched.tryRunHere(S, std::make_shared<ProbeOp>(1, 0us, /*Guess=*/-1)));
  EXPECT_FALSE(Sched.tryRunHere(
      S, std::make_shared<ProbeOp>(1, 0us, Sched.costs().inlineThresholdNs() * 2)));
  measure(Sched, S, &Key);
  // Not an op that may run on its submitter (a kernel that could wait for
  // what the host does after the launch).
  auto MayWait = std::make_shared<ProbeOp>(1, 0us, -1, &Key);
  MayWait->MayRunHere = false;
  EXPECT_FALSE(Sched.tryRunHere(S, MayWait));
  Sched.setRunInline(false);
  EXPECT_FALSE(Sched.tryRunHere(S, std::make_shared<ProbeOp>(1, 0us, -1, &Key)));
  Sched.setRunInline(true);
  EXPECT_TRUE(runsHereSoon(Sched, S, std::make_shared<ProbeOp>(1, 0us, -1, &Key)));
  EXPECT_EQ(Sched.ranHere(), 2u);

  loom::Scheduler Serial(loom::SchedulerKind::Serial, 0);
  auto T = Serial.createStream(0);
  EXPECT_FALSE(Serial.tryRunHere(T, std::make_shared<ProbeOp>(1, 0us, /*Guess=*/200)));
}

TEST(RunHere, OpThatOutlastsTheThresholdGetsTheWorkers) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Key;
  measure(Sched, S, &Key);
  // Measured tiny, but these units take 30 ms each: past the threshold
  // (after the first unit) the rest is ordinary work, a worker takes the
  // third while this thread runs the second, and submit returns before the
  // op completes. Few units, so that the estimate stays below the threshold
  // even where each measured unit is slow (under ThreadSanitizer).
  auto Long = std::make_shared<ProbeOp>(3, 30000us, -1, &Key);
  ASSERT_TRUE(runsHereSoon(Sched, S, Long));
  Sched.waitStream(S);
  ASSERT_TRUE(Long->isDone());
  EXPECT_GE(Long->threads().size(), 2u);
  EXPECT_GE(Sched.promotions(), 1u);
}

/// Holds its stream until released.
class HoldOp : public loom::Op {
public:
  explicit HoldOp(std::atomic<bool> &Release) : Op(1, 1), Release(Release) {}
  void run(uint64_t, uint64_t, loom::WorkerState &) override {
    while (!Release.load())
      std::this_thread::yield();
  }
  std::atomic<bool> &Release;
};

/// runIfIdle, retried while workers that just ran something spin holding
/// every executor slot; the units it ran.
uint64_t runIfIdleSoon(loom::Scheduler &Sched, loom::Op &O) {
  for (int Try = 0; Try < 1000; ++Try) {
    if (uint64_t Ran = Sched.runIfIdle(O))
      return Ran;
    std::this_thread::sleep_for(1ms);
  }
  return 0;
}

TEST(RunIfIdle, SmallMeasuredOpRunsHereWithoutEnteringAQueue) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Key;
  measure(Sched, S, &Key);
  uint64_t Wakeups = Sched.workerWakeups();
  const int Ops = 200;
  for (int I = 0; I < Ops; ++I) {
    ProbeOp Small(2, 0us, -1, &Key); // on the stack: never submitted
    ASSERT_EQ(runIfIdleSoon(Sched, Small), 2u);
    EXPECT_EQ(Small.threads(), std::set<std::thread::id>{std::this_thread::get_id()});
    EXPECT_FALSE(Small.isDone()); // nothing completes it: no queue saw it
    EXPECT_TRUE(Sched.idleEverywhere());
  }
  EXPECT_EQ(Sched.ranHere(), uint64_t(Ops));
  EXPECT_LE(Sched.workerWakeups() - Wakeups, uint64_t(Ops / 10));
  Sched.costs().pinInlineThresholdForTesting(-1);
}

TEST(RunIfIdle, NotWhileAnythingIsQueuedNorForUnknownOrLargeWork) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto Blocking = Sched.createStream(0);
  auto NonBlocking = Sched.createStream(0x01);
  int Key, Unmeasured;
  measure(Sched, Blocking, &Key);
  ProbeOp Small(1, 0us, -1, &Key);
  // Work in any stream, even one the op would not be ordered after (where
  // tryRunHere may still run it): nothing runs, it must be submitted.
  std::atomic<bool> Release{false};
  Sched.submit(NonBlocking, std::make_shared<HoldOp>(Release));
  EXPECT_FALSE(Sched.idleEverywhere());
  EXPECT_EQ(Sched.runIfIdle(Small), 0u);
  Release = true;
  Sched.waitAll();
  EXPECT_TRUE(Sched.idleEverywhere());
  EXPECT_EQ(runIfIdleSoon(Sched, Small), 1u);
  // A kernel that never ran may be anything; a guess above the threshold;
  // an op that may wait for the host; inline runs turned off; serial mode.
  ProbeOp Unknown(1, 0us, /*Guess=*/1, &Unmeasured);
  EXPECT_EQ(Sched.runIfIdle(Unknown), 0u);
  ProbeOp Large(1, 0us, Sched.costs().inlineThresholdNs() * 2);
  EXPECT_EQ(Sched.runIfIdle(Large), 0u);
  ProbeOp MayWait(1, 0us, -1, &Key);
  MayWait.MayRunHere = false;
  EXPECT_EQ(Sched.runIfIdle(MayWait), 0u);
  Sched.setRunInline(false);
  EXPECT_EQ(Sched.runIfIdle(Small), 0u);
  Sched.setRunInline(true);
  EXPECT_EQ(Sched.ranHere(), 1u);
  loom::Scheduler Serial(loom::SchedulerKind::Serial, 0);
  ProbeOp Copy(1, 0us, /*Guess=*/200);
  EXPECT_EQ(Serial.runIfIdle(Copy), 0u);
  Sched.costs().pinInlineThresholdForTesting(-1);
}

TEST(RunIfIdle, TinyOpsAreTimedNowAndThenAndAllAfterASurprise) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Key;
  measure(Sched, S, &Key);
  // A threshold far above the op's estimate (under 1/16 of it even under a
  // sanitizer), so that its runs are sampled.
  Sched.costs().pinInlineThresholdForTesting(2e6);
  // A fresh thread: the sampling counters are per thread.
  std::thread([&] {
    const double Before = Sched.costs().perUnitNs(&Key);
    // Units that take far longer than measured: a timed run records it.
    auto runSlow = [&] {
      ProbeOp Slow(1, 200us, -1, &Key);
      return runIfIdleSoon(Sched, Slow);
    };
    for (int I = 0; I < 3; ++I) { // untimed: the estimate stays
      ASSERT_EQ(runSlow(), 1u);
      EXPECT_EQ(Sched.costs().perUnitNs(&Key), Before);
    }
    ASSERT_EQ(runSlow(), 1u); // every fourth run is timed
    const double After = Sched.costs().perUnitNs(&Key);
    EXPECT_GT(After, Before);
    // It took more than twice the estimate: the runs after it are timed.
    ASSERT_EQ(runSlow(), 1u);
    EXPECT_GT(Sched.costs().perUnitNs(&Key), After);
  }).join();
  Sched.costs().pinInlineThresholdForTesting(-1);
}

TEST(RunIfIdle, RunThatOutlastsTheThresholdLeavesTheRestToTheWorkers) {
  loom::Scheduler Sched(loom::SchedulerKind::Pool, 2);
  auto S = Sched.createStream(0);
  int Key;
  measure(Sched, S, &Key);
  const double PerUnit = Sched.costs().perUnitNs(&Key);
  ASSERT_GT(PerUnit, 0);
  // Three units estimated just below the threshold: each timed, one at a
  // time. They take 5 ms each: the run stops after the first.
  Sched.costs().pinInlineThresholdForTesting(3.5 * PerUnit);
  auto Long = std::make_shared<ProbeOp>(3, 5000us, -1, &Key);
  std::thread([&] { EXPECT_EQ(runIfIdleSoon(Sched, *Long), 1u); }).join();
  EXPECT_FALSE(Long->isDone());
  // The caller submits the rest (what cudaLaunchKernel does) as ordinary
  // work, which completes it.
  Long->NextUnit = 1;
  Long->DoneUnits = 1;
  Sched.submitRemainder(S, Long);
  Sched.waitStream(S);
  EXPECT_TRUE(Long->isDone());
  EXPECT_TRUE(Sched.idleEverywhere());
  Sched.costs().pinInlineThresholdForTesting(-1);
}

} // namespace
