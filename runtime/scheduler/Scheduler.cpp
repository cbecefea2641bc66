// Scheduler.cpp - worker pool, stream queues and op completion.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/Scheduler.h"

#include "scheduler/CpuRelax.h"
#include "scheduler/WorkPartition.h"
#include "scheduler/WorkerState.h"
#include "support/ApiError.h"

#include <algorithm>
#include <chrono>


namespace loom {

namespace {
/// Whether the calling thread holds an executor slot (a pool worker between
/// waking and sleeping again): a nested wait (a host function that
/// synchronizes) lends it out instead of taking a second one.
__attribute__((tls_model("initial-exec"))) thread_local bool HoldsSlot = false;
/// runIfIdle's clock sampling on this thread: runs since the last timed one,
/// and how many runs from now on are all timed (after a surprise).
__attribute__((tls_model("initial-exec"))) thread_local uint32_t UntimedRuns = 0;
__attribute__((tls_model("initial-exec"))) thread_local uint32_t TimeAllRuns = 0;
} // namespace

namespace {
/// Pool workers: \p Asked, but at least one per device with LOOM_DEVICES=n
/// (each device has workers of its own); none when serial.
unsigned poolWorkers(SchedulerKind Kind, unsigned Asked, unsigned Devices) {
  if (Kind == SchedulerKind::Serial)
    return 0;
  return Devices > 1 ? std::max(Asked, Devices) : Asked;
}
} // namespace

Scheduler::Scheduler(SchedulerKind Kind, unsigned NumWorkers, unsigned NumDevices)
    : Kind(Kind), NumWorkers(poolWorkers(Kind, NumWorkers, NumDevices)),
      NumDevices(std::max(1u, NumDevices)), Legacy(std::make_shared<Stream>(0u, /*IsLegacyDefault=*/true)),
      Slots(int(this->NumWorkers)), Costs(this->NumWorkers) {
  startWorkers();
}

Scheduler::~Scheduler() { stopWorkers(); }

void Scheduler::startWorkers() {
  Stopping = false;
  for (unsigned I = 0; I < NumWorkers; ++I)
    Workers.emplace_back([this, I] { workerMain(I); });
}

void Scheduler::stopWorkers() {
  {
    std::lock_guard<std::mutex> Lock(M);
    Stopping = true;
  }
  WorkCv.notify_all();
  WatchCv.notify_all();
  for (std::thread &T : Workers)
    T.join();
  Workers.clear();
}

void Scheduler::reconfigure(SchedulerKind NewKind, unsigned NewWorkers) {
  waitAll();
  stopWorkers();
  Kind = NewKind;
  NumWorkers = poolWorkers(NewKind, std::max(1u, NewWorkers), NumDevices);
  Slots.reset(int(NumWorkers));
  Costs.setExecutors(NumWorkers);
  startWorkers();
}

std::shared_ptr<Stream> Scheduler::createStream(unsigned Flags, int Priority, int Device) {
  auto S = std::make_shared<Stream>(Flags, /*IsLegacyDefault=*/false, Priority);
  S->Device = NumDevices > 1 ? Device : -1;
  std::lock_guard<std::mutex> Lock(M);
  Streams.push_back(S);
  return S;
}

void Scheduler::retireStream(const std::shared_ptr<Stream> &S) {
  std::lock_guard<std::mutex> Lock(M);
  // A retired stream stays listed until its queue drains, so that device
  // synchronization and legacy-stream ordering still see its work.
  S->Retired = true;
  if (S->Queue.empty())
    Streams.erase(std::remove(Streams.begin(), Streams.end(), S), Streams.end());
}

uint64_t Scheduler::chunkFor(uint64_t TotalBlocks) const {
  // NumWorkers threads run at once, a helping host thread among them.
  return chunkBlocks(TotalBlocks, NumWorkers);
}

double Scheduler::estimateNs(const Op &O) const {
  double PerUnit = Costs.perUnitNs(O.costKey());
  if (PerUnit >= 0)
    return PerUnit * double(O.NumUnits) * double(O.costUnitsPerUnit());
  return O.guessNs();
}

bool Scheduler::shouldDeferLocked(const Op &O) const {
  if (Kind == SchedulerKind::Serial)
    return false; // nothing is woken anyway
  if (O.CallerWaits)
    return true;
  double Estimate = estimateNs(O);
  return Estimate >= 0 && Estimate < Costs.inlineThresholdNs();
}

void Scheduler::setHasWorkLocked() {
  uint64_t Mask = 0;
  for (const OpRef &O : Active)
    if (O->NextUnit.load(std::memory_order_relaxed) < O->NumUnits &&
        !O->Deferred.load(std::memory_order_relaxed))
      Mask |= deviceBit(O->Device);
  WorkMask.store(Mask, std::memory_order_seq_cst);
}

bool Scheduler::runnableLocked(bool AllowDeferred) const {
  for (const OpRef &O : Active)
    if (O->NextUnit.load(std::memory_order_relaxed) < O->NumUnits &&
        (AllowDeferred || !O->Deferred.load(std::memory_order_relaxed)))
      return true;
  return false;
}

void Scheduler::notifyWork() {
  LastWakeNs.store(nowNs(), std::memory_order_relaxed);
  WorkCv.notify_all();
  WatchCv.notify_all();
  DoneCv.notify_all();
}

bool Scheduler::promoteLocked(const OpRef &O) {
  if (!O->Deferred.load(std::memory_order_relaxed))
    return false;
  Promotions.fetch_add(1, std::memory_order_relaxed);
  O->Deferred.store(false, std::memory_order_relaxed);
  setHasWorkLocked();
  return true;
}

void Scheduler::promote(const OpRef &O) {
  bool Changed;
  {
    std::lock_guard<std::mutex> Lock(M);
    Changed = promoteLocked(O);
  }
  if (Changed)
    notifyWork();
}

void Scheduler::promoteAllDeferred() {
  bool Changed = false;
  {
    std::lock_guard<std::mutex> Lock(M);
    for (const OpRef &O : Active)
      Changed |= promoteLocked(O);
  }
  if (Changed)
    notifyWork();
}

void Scheduler::takeWakeupsLocked(bool &Wake, bool &Watch) {
  Wake = StartedWork;
  StartedWork = false;
  Watch = WatchNotify;
  WatchNotify = false;
}

void Scheduler::deliverWakeups(bool Wake, bool Watch) {
  if (Wake)
    notifyWork();
  else if (Watch)
    WatchCv.notify_all();
}

void Scheduler::addDependency(const OpRef &Before, const OpRef &After) {
  Before->Dependents.push_back(After);
  ++After->PendingDeps;
}

void Scheduler::submit(const std::shared_ptr<Stream> &S, OpRef O, const OpRef &WaitFor) {
  bool Wake, Watch;
  {
    std::lock_guard<std::mutex> Lock(M);
    O->Owner = S;
    // Legacy default stream semantics: it waits for all blocking streams and
    // they wait for it.
    if (S->IsLegacyDefault) {
      for (const std::shared_ptr<Stream> &Other : Streams)
        if (Other->synchronizesWithLegacy() && !Other->Queue.empty())
          addDependency(Other->Queue.back(), O);
    } else if (S->synchronizesWithLegacy() && !Legacy->Queue.empty()) {
      addDependency(Legacy->Queue.back(), O);
    }
    if (WaitFor && !WaitFor->isDone() && WaitFor != O)
      addDependency(WaitFor, O);
    enqueueLocked(S, O);
    takeWakeupsLocked(Wake, Watch);
  }
  deliverWakeups(Wake, Watch);
}

void Scheduler::enqueueLocked(const std::shared_ptr<Stream> &S, const OpRef &O) {
  O->Owner = S;
  O->Device = S->Device;
  S->Queue.push_back(O);
  Incomplete.fetch_add(1, std::memory_order_relaxed);
  std::vector<OpRef> &Completed = StartScratch;
  maybeStartLocked(O, Completed);
  for (const OpRef &C : Completed)
    completeLocked(C);
  Completed.clear();
}

namespace {
/// Keeps a parent's tail stream closed until its other work is done.
class GateOp final : public Op {
public:
  GateOp() : Op(0, 1) {}
  void run(uint64_t, uint64_t, WorkerState &) override {}
};
} // namespace

void Scheduler::submitChild(const OpRef &Parent, std::shared_ptr<Stream> S, OpRef Child,
                            bool Tail) {
  bool Wake, Watch;
  {
    std::lock_guard<std::mutex> Lock(M);
    Child->Parent = Parent;
    Child->IsTailLaunch = Tail;
    if (Tail) {
      ++Parent->TailHolds;
      if (!Parent->TailStream) {
        Parent->TailStream = std::make_shared<Stream>(cudaStreamNonBlocking, false);
        Parent->TailGate = std::make_shared<GateOp>();
        Parent->TailGate->PendingDeps = 1; // released by settleLocked
        enqueueLocked(Parent->TailStream, Parent->TailGate);
      }
      S = Parent->TailStream;
    } else {
      ++Parent->ChildHolds;
      if (!S) {
        if (!Parent->ChildStream)
          Parent->ChildStream = std::make_shared<Stream>(cudaStreamNonBlocking, false);
        S = Parent->ChildStream;
      }
    }
    enqueueLocked(S, Child);
    takeWakeupsLocked(Wake, Watch);
  }
  deliverWakeups(Wake, Watch);
}

void Scheduler::settleLocked(const OpRef &O, std::vector<OpRef> &Completed) {
  if (!O->UnitsFinished || O->ChildHolds != 0)
    return;
  if (OpRef Gate = std::move(O->TailGate)) {
    O->TailGate = nullptr;
    --Gate->PendingDeps;
    maybeStartLocked(Gate, Completed);
  }
  if (O->TailHolds == 0)
    Completed.push_back(O);
}

void Scheduler::maybeStartLocked(const OpRef &O, std::vector<OpRef> &Completed) {
  if (O->Started || O->PendingDeps != 0 || O->Owner->Queue.front() != O)
    return;
  O->Started = true;
  if (O->NumUnits == 0) {
    Completed.push_back(O);
    return;
  }
  Active.push_back(O);
  if (shouldDeferLocked(*O)) {
    O->Deferred.store(true, std::memory_order_relaxed);
    O->StartedAtNs = LastDeferredNs = nowNs();
    DeferredStarts.fetch_add(1, std::memory_order_relaxed);
    if (!Watching) {
      Watching = true;
      WatchNotify = true;
    }
  } else {
    StartedWork = true;
  }
  setHasWorkLocked();
}

void Scheduler::completeLocked(const OpRef &First) {
  // A member, so that completing an op allocates nothing (the lock is held
  // and completeLocked does not nest).
  std::vector<OpRef> &Worklist = CompleteScratch;
  Worklist.push_back(First);
  while (!Worklist.empty()) {
    OpRef O = std::move(Worklist.back());
    Worklist.pop_back();
    O->onComplete();
    O->Done.store(true, std::memory_order_release);
    Active.erase(std::remove(Active.begin(), Active.end(), O), Active.end());
    std::shared_ptr<Stream> S = O->Owner;
    if (!S->Queue.empty() && S->Queue.front() == O) {
      S->Queue.pop_front();
      // Release: a thread that reads zero (idleEverywhere) sees the op's effects.
      Incomplete.fetch_sub(1, std::memory_order_release);
    }
    std::vector<OpRef> Dependents = std::move(O->Dependents);
    O->Dependents.clear();
    for (const OpRef &D : Dependents) {
      --D->PendingDeps;
      maybeStartLocked(D, Worklist);
    }
    if (!S->Queue.empty())
      maybeStartLocked(S->Queue.front(), Worklist);
    else if (S->Retired)
      Streams.erase(std::remove(Streams.begin(), Streams.end(), S), Streams.end());
    if (OpRef Parent = std::move(O->Parent)) {
      O->Parent = nullptr;
      --(O->IsTailLaunch ? Parent->TailHolds : Parent->ChildHolds);
      settleLocked(Parent, Worklist);
    }
  }
  setHasWorkLocked();
}

void Scheduler::finish(const OpRef &O) {
  bool Wake, Watch;
  {
    std::lock_guard<std::mutex> Lock(M);
    // Every unit ran; a grid with child grids completes after them.
    O->UnitsFinished = true;
    std::vector<OpRef> &Completed = StartScratch;
    settleLocked(O, Completed);
    for (const OpRef &C : Completed)
      completeLocked(C);
    Completed.clear();
    takeWakeupsLocked(Wake, Watch);
  }
  if (Wake) {
    notifyWork();
  } else {
    DoneCv.notify_all();
    if (Watch)
      WatchCv.notify_all();
  }
}

bool Scheduler::runSomething(WorkerState &W, bool AllowDeferred) {
  OpRef O;
  const int Device = workerDevice(W.index());
  {
    std::lock_guard<std::mutex> Lock(M);
    // The first runnable op of the most urgent stream priority (of this
    // worker's device, with LOOM_DEVICES=n).
    for (const OpRef &Candidate : Active)
      if (Candidate->NextUnit.load(std::memory_order_relaxed) < Candidate->NumUnits &&
          serves(Device, *Candidate) &&
          (AllowDeferred || !Candidate->Deferred.load(std::memory_order_relaxed)) &&
          (!O || Candidate->Owner->Priority < O->Owner->Priority))
        O = Candidate;
    // Every unit of the active ops is taken (a long single-unit op such as a
    // host function, or a kernel's last blocks): WorkMask set at submission
    // is stale, and spinning workers would loop here until the op ends,
    // taking the cores the op's own threads need (a cuBLAS call's OpenBLAS).
    if (!O)
      setHasWorkLocked();
  }
  if (!O)
    return false;
  runUnits(O, W);
  return true;
}

void Scheduler::runUnits(const OpRef &O, WorkerState &W) {
  const void *Key = O->costKey();
  int64_t OpStart = -1;
  int64_t ProfileSpan = 0; // LOOM_PROFILE/LOOM_TRACE: when this worker joined
  for (;;) {
    uint64_t Begin = O->NextUnit.fetch_add(O->UnitsPerGrab, std::memory_order_relaxed);
    if (Begin >= O->NumUnits)
      break;
    if (profile::Enabled && ProfileSpan == 0) {
      ProfileSpan = profile::nowNs();
      int64_t Unset = 0;
      O->ProfileStartNs.compare_exchange_strong(Unset, ProfileSpan, std::memory_order_relaxed);
    }
    uint64_t End = std::min(O->NumUnits, Begin + O->UnitsPerGrab);
    uint64_t Count = End - Begin;
    if (!O->skipAfterFault() || stickyError() == cudaSuccess) {
      int64_t T0 = Key ? nowNs() : 0;
      if (OpStart < 0)
        OpStart = T0;
      O->run(Begin, End, W);
      if (Key) {
        int64_t T1 = nowNs();
        Costs.recordUnits(Key, Count * O->costUnitsPerUnit(), double(T1 - T0));
        // A deferred op that turns out to be large gets the other workers.
        if (O->Deferred.load(std::memory_order_relaxed) &&
            double(T1 - OpStart) > Costs.inlineThresholdNs() &&
            O->NextUnit.load(std::memory_order_relaxed) < O->NumUnits)
          promote(O);
      }
    }
    if (O->DoneUnits.fetch_add(Count, std::memory_order_acq_rel) + Count == O->NumUnits) {
      if (profile::Enabled) {
        profile::workerSpan(*O, W.index(), ProfileSpan);
        profile::opFinished(*O);
      }
      finish(O);
      return;
    }
  }
  if (profile::Enabled && ProfileSpan != 0)
    profile::workerSpan(*O, W.index(), ProfileSpan);
  // Every unit is taken; keep others from picking this op again.
  std::lock_guard<std::mutex> Lock(M);
  Active.erase(std::remove(Active.begin(), Active.end(), O), Active.end());
  setHasWorkLocked();
}

bool Scheduler::tryRunHere(const std::shared_ptr<Stream> &S, const OpRef &O) {
  if (Kind == SchedulerKind::Serial || HoldsSlot || O->NumUnits == 0 || !runInline() ||
      !O->mayRunOnSubmitter())
    return false;
  // Known to be small: a kernel must have run before (its measured block
  // time; a first launch may take any time), a key-less op (a copy or fill)
  // is judged by its size.
  double Estimate = O->costKey() ? (Costs.perUnitNs(O->costKey()) >= 0 ? estimateNs(*O) : -1)
                                 : O->guessNs();
  if (Estimate < 0 || Estimate >= Costs.inlineThresholdNs())
    return false;
  if (!Slots.tryAcquire())
    return false; // every executor is busy: queue it behind their work
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!idleLocked(*S)) {
      Slots.release();
      return false;
    }
    // Started as deferred work: nobody is woken, an awake worker may help,
    // and runUnits promotes it if it outlasts the threshold.
    O->Owner = S;
    S->Queue.push_back(O);
    Incomplete.fetch_add(1, std::memory_order_relaxed);
    O->Started = true;
    O->Deferred.store(true, std::memory_order_relaxed);
    O->StartedAtNs = nowNs();
    Active.push_back(O);
  }
  RanHere.fetch_add(1, std::memory_order_relaxed);
  HoldsSlot = true;
  runUnits(O, helperWorkerState(NumWorkers));
  HoldsSlot = false;
  releaseSlot();
  return true;
}

uint64_t Scheduler::runIfIdle(Op &O) {
  if (Kind == SchedulerKind::Serial || HoldsSlot || O.NumUnits == 0 || !runInline() ||
      !idleEverywhere() || !O.mayRunOnSubmitter())
    return 0;
  // As tryRunHere: a kernel must have been measured, a key-less op goes by
  // its size.
  const void *Key = O.costKey();
  const uint64_t CostUnits = O.costUnitsPerUnit();
  double Estimate;
  if (Key) {
    double PerUnit = Costs.perUnitNs(Key);
    Estimate = PerUnit >= 0 ? PerUnit * double(O.NumUnits) * double(CostUnits) : -1;
  } else {
    Estimate = O.guessNs();
  }
  const double Threshold = Costs.inlineThresholdNs();
  if (Estimate < 0 || Estimate >= Threshold)
    return 0;
  if (!Slots.tryAcquire())
    return 0; // every executor is busy
  RanHere.fetch_add(1, std::memory_order_relaxed);
  HoldsSlot = true;
  WorkerState &W = helperWorkerState(NumWorkers);
  const bool SkipAfterFault = O.skipAfterFault();
  // Runs of about a quarter of the threshold between looks at the clock
  // (a tiny grid is one run: two clock reads in all), at least the op's own
  // chunk: a run that outlasts the threshold still hands the rest over
  // within about a quarter of it.
  uint64_t Grab = O.UnitsPerGrab;
  if (Estimate > 0)
    Grab = std::max(Grab, uint64_t(double(O.NumUnits) * (Threshold / 4) / Estimate));
  // Two clock reads cost about as much as a tiny kernel's whole launch on
  // some machines (35 ns each on a KVM guest). An op measured far below the
  // threshold (under 1/16 of it) is timed once every UntimedPeriod runs on
  // this thread, which keeps its estimate current; a timed run that took
  // over twice its estimate (the kernel got bigger) makes the next
  // SurpriseRuns runs timed, so that they can hand their blocks over again.
  constexpr uint32_t UntimedPeriod = 4, SurpriseRuns = 64;
  if (Key && TimeAllRuns == 0 && Estimate < Threshold / 16 && ++UntimedRuns < UntimedPeriod) {
    for (uint64_t Next = 0; Next < O.NumUnits;) {
      if (SkipAfterFault && stickyError() != cudaSuccess)
        break;
      uint64_t End = Next + std::min(O.NumUnits - Next, Grab);
      O.run(Next, End, W);
      Next = End;
    }
    HoldsSlot = false;
    releaseSlot();
    return O.NumUnits;
  }
  UntimedRuns = 0;
  if (TimeAllRuns)
    --TimeAllRuns;
  const int64_t Start = nowNs();
  int64_t Now = Start;
  uint64_t Next = 0, Ran = 0;
  while (Next < O.NumUnits) {
    // A fault in an earlier chunk fails the context: skip the rest, as
    // runUnits does.
    if (SkipAfterFault && stickyError() != cudaSuccess) {
      Next = O.NumUnits;
      break;
    }
    uint64_t End = Next + std::min(O.NumUnits - Next, Grab);
    O.run(Next, End, W);
    Ran += End - Next;
    Next = End;
    Now = nowNs();
    // Outlasted the threshold: the workers take the rest.
    if (Next < O.NumUnits && double(Now - Start) > Threshold)
      break;
  }
  // One sample for the whole run (the units that ran).
  if (Key && Ran) {
    double Took = double(Now - Start);
    Costs.recordUnits(Key, Ran * CostUnits, Took);
    if (Took > 2 * Estimate * double(Ran) / double(O.NumUnits))
      TimeAllRuns = SurpriseRuns;
  }
  HoldsSlot = false;
  releaseSlot();
  return Next;
}

void Scheduler::submitRemainder(const std::shared_ptr<Stream> &S, const OpRef &O) {
  submit(S, O);
  promote(O);
}

void Scheduler::releaseSlot() {
  Slots.release();
  // Dekker with the sleepers: they announce themselves (SlotWanted,
  // SleepingWorkers) before trying for a slot, we free the slot before
  // looking; taking the lock orders our notify after their wait began.
  if (SlotWanted.load(std::memory_order_seq_cst) > 0) {
    { std::lock_guard<std::mutex> Lock(M); }
    DoneCv.notify_all();
  } else if (SleepingWorkers.load(std::memory_order_seq_cst) > 0 &&
             hasWorkFor(-1, std::memory_order_seq_cst)) {
    { std::lock_guard<std::mutex> Lock(M); }
    // With several devices only some sleepers may run the work: wake all.
    if (NumDevices > 1)
      WorkCv.notify_all();
    else
      WorkCv.notify_one();
    WatchCv.notify_all();
  }
}

bool Scheduler::spinForWork(int Device) {
  const int64_t Deadline = nowNs() + int64_t(Costs.spinNs());
  for (unsigned I = 1;; ++I) {
    if (hasWorkFor(Device, std::memory_order_acquire))
      return true;
    if (SlotWanted.load(std::memory_order_relaxed) > 0)
      return false; // a waiting thread can run it: make room
    if ((I & 63) == 0 && nowNs() >= Deadline)
      return false;
    cpuRelax();
  }
}

bool Scheduler::sleepUntilWork(unsigned Index) {
  std::unique_lock<std::mutex> Lock(M);
  SleepingWorkers.fetch_add(1, std::memory_order_seq_cst);
  bool Promoted = false, Result = false;
  for (;;) {
    if (Stopping)
      break;
    if (hasWorkFor(workerDevice(Index), std::memory_order_seq_cst) && Slots.tryAcquire()) {
      Result = true;
      break;
    }
    int64_t Deadline = -1;
    if (Index == 0) {
      // Worker 0 also watches deferred work nobody waits for.
      int64_t Oldest = -1;
      for (const OpRef &O : Active)
        if (O->Deferred.load(std::memory_order_relaxed) &&
            O->NextUnit.load(std::memory_order_relaxed) < O->NumUnits &&
            (Oldest < 0 || O->StartedAtNs < Oldest))
          Oldest = O->StartedAtNs;
      if (Oldest < 0 && Watching && nowNs() - LastDeferredNs < MaxDeferNs) {
        // Deferred work came and went recently: stay armed (a timed sleep)
        // so that a loop of small launches never has to wake us.
        Deadline = LastDeferredNs + MaxDeferNs;
      } else if (Oldest >= 0) {
        Deadline = Oldest + MaxDeferNs;
        int64_t Now = nowNs();
        if (Now >= Deadline) {
          if (Slots.tryAcquire()) {
            for (const OpRef &O : Active)
              if (O->Deferred.load(std::memory_order_relaxed) && Now - O->StartedAtNs >= MaxDeferNs)
                Promoted |= promoteLocked(O);
            Result = true;
            break;
          }
          Deadline = Now + MaxDeferNs; // every slot busy: those threads will get to it
        }
      }
      Watching = Deadline >= 0;
    }
    const int64_t SleepStart = nowNs();
    if (Index != 0)
      WorkCv.wait(Lock);
    else if (Deadline < 0)
      WatchCv.wait(Lock);
    else
      WatchCv.wait_for(Lock, std::chrono::nanoseconds(Deadline - SleepStart));
    if (Index == 0)
      Watching = true;
    // How long the wake-up took, if we were woken for work.
    int64_t Woken = LastWakeNs.load(std::memory_order_relaxed);
    if (Woken > SleepStart && hasWorkFor(workerDevice(Index), std::memory_order_relaxed)) {
      Costs.recordWake(double(nowNs() - Woken));
      WorkerWakeups.fetch_add(1, std::memory_order_relaxed);
    }
  }
  SleepingWorkers.fetch_sub(1, std::memory_order_seq_cst);
  Lock.unlock();
  if (Promoted)
    notifyWork();
  return Result;
}

void Scheduler::workerMain(unsigned Index) {
  WorkerState W(Index);
  for (;;) {
    if (!sleepUntilWork(Index))
      return;
    HoldsSlot = true;
    for (;;) {
      // An awake worker also takes deferred work: it costs no wake-up.
      if (runSomething(W, /*AllowDeferred=*/true))
        continue;
      if (!spinForWork(workerDevice(Index)))
        break;
    }
    HoldsSlot = false;
    releaseSlot();
  }
}

void Scheduler::helpUntil(const std::function<bool()> &DoneLocked) {
  WorkerState &W = helperWorkerState(NumWorkers);
  const bool Serial = Kind == SchedulerKind::Serial;
  // A worker that waits inside an op (a host function that synchronizes)
  // lends its slot for the wait.
  const bool Lent = HoldsSlot;
  if (Lent) {
    HoldsSlot = false;
    releaseSlot();
  }
  bool Have = false;
  for (;;) {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (DoneLocked())
        break;
    }
    if (!Have)
      Have = Serial || Slots.tryAcquire();
    if (Have && runSomething(W, /*AllowDeferred=*/true))
      continue;
    if (Have && !Serial)
      releaseSlot();
    Have = false;
    std::unique_lock<std::mutex> Lock(M);
    // Wake on any completion or new work; re-check both under the lock so
    // no notification is lost. Without a slot, sleep: never spin on a core
    // a worker needs.
    bool Wanted = false;
    DoneCv.wait(Lock, [&] {
      if (DoneLocked())
        return true;
      if (!runnableLocked(/*AllowDeferred=*/true))
        return false;
      if (Serial)
        return Have = true;
      if (!Wanted) {
        Wanted = true;
        SlotWanted.fetch_add(1, std::memory_order_seq_cst);
      }
      return Have = Slots.tryAcquire();
    });
    if (Wanted)
      SlotWanted.fetch_sub(1, std::memory_order_seq_cst);
    HelperSleeps.fetch_add(1, std::memory_order_relaxed);
  }
  if (Have && !Serial)
    releaseSlot();
  if (Lent) {
    Slots.forceAcquire();
    HoldsSlot = true;
  }
}

void Scheduler::waitFor(const OpRef &O) {
  if (!O || O->isDone())
    return;
  helpUntil([&] { return O->isDone(); });
}

void Scheduler::waitStream(const std::shared_ptr<Stream> &S) {
  OpRef Last;
  {
    std::lock_guard<std::mutex> Lock(M);
    if (S->Queue.empty())
      return;
    Last = S->Queue.back();
  }
  waitFor(Last);
}

void Scheduler::waitAll() {
  helpUntil([&] {
    if (!Legacy->Queue.empty())
      return false;
    for (const std::shared_ptr<Stream> &S : Streams)
      if (!S->Queue.empty())
        return false;
    return true;
  });
}

bool Scheduler::queryStream(const std::shared_ptr<Stream> &S) {
  if (Kind == SchedulerKind::Serial)
    waitStream(S);
  bool Empty;
  {
    std::lock_guard<std::mutex> Lock(M);
    Empty = S->Queue.empty();
  }
  // A thread that polls instead of waiting: deferred work goes to workers.
  if (!Empty)
    promoteAllDeferred();
  return Empty;
}

bool Scheduler::idleLocked(const Stream &S) const {
  if (!S.Queue.empty())
    return false;
  if (S.IsLegacyDefault) {
    for (const std::shared_ptr<Stream> &Other : Streams)
      if (Other->synchronizesWithLegacy() && !Other->Queue.empty())
        return false;
  } else if (S.synchronizesWithLegacy() && !Legacy->Queue.empty()) {
    return false;
  }
  return true;
}

bool Scheduler::idleForBlockingCall(const std::shared_ptr<Stream> &S) {
  std::lock_guard<std::mutex> Lock(M);
  return idleLocked(*S);
}

void Scheduler::waitBeforeBlockingCall(const std::shared_ptr<Stream> &S) {
  std::vector<OpRef> Tails;
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!S->Queue.empty())
      Tails.push_back(S->Queue.back());
    if (S->IsLegacyDefault) {
      for (const std::shared_ptr<Stream> &Other : Streams)
        if (Other->synchronizesWithLegacy() && !Other->Queue.empty())
          Tails.push_back(Other->Queue.back());
    } else if (S->synchronizesWithLegacy() && !Legacy->Queue.empty()) {
      Tails.push_back(Legacy->Queue.back());
    }
  }
  if (Tails.empty())
    return;
  helpUntil([&] {
    for (const OpRef &T : Tails)
      if (!T->isDone())
        return false;
    return true;
  });
}

bool Scheduler::queryOp(const OpRef &O) {
  if (Kind == SchedulerKind::Serial)
    waitFor(O);
  bool Done = !O || O->isDone();
  if (!Done)
    promoteAllDeferred();
  return Done;
}

void Scheduler::throttle(const std::shared_ptr<Stream> &S) {
  // A worker (a host function that submits) never waits for its own queue.
  if (HoldsSlot)
    return;
  OpRef Drained;
  {
    std::lock_guard<std::mutex> Lock(M);
    size_t Queued = S->Queue.size();
    if (Queued <= MaxQueuedOps)
      return;
    // Wait until half the bound is left: one wait per MaxQueuedOps / 2
    // submissions, not one per submission.
    Drained = S->Queue[Queued - MaxQueuedOps / 2 - 1];
  }
  waitFor(Drained);
}

} // namespace loom
