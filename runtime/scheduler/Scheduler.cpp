// Scheduler.cpp - worker pool, stream queues and op completion.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/Scheduler.h"

#include "scheduler/CpuRelax.h"
#include "scheduler/WorkPartition.h"
#include "scheduler/WorkerState.h"
#include "support/ApiError.h"

#include <algorithm>


namespace loom {

namespace {
/// Iterations a worker polls for new work before blocking (a few microseconds):
/// back-to-back launches then do not pay a futex wake-up each.
constexpr unsigned SpinIterations = 4000;
} // namespace

Scheduler::Scheduler(SchedulerKind Kind, unsigned NumWorkers)
    : Kind(Kind), NumWorkers(Kind == SchedulerKind::Serial ? 0 : NumWorkers),
      Legacy(std::make_shared<Stream>(0u, /*IsLegacyDefault=*/true)) {
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
  for (std::thread &T : Workers)
    T.join();
  Workers.clear();
}

void Scheduler::reconfigure(SchedulerKind NewKind, unsigned NewWorkers) {
  waitAll();
  stopWorkers();
  Kind = NewKind;
  NumWorkers = NewKind == SchedulerKind::Serial ? 0 : std::max(1u, NewWorkers);
  startWorkers();
}

std::shared_ptr<Stream> Scheduler::createStream(unsigned Flags, int Priority) {
  auto S = std::make_shared<Stream>(Flags, /*IsLegacyDefault=*/false, Priority);
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
  return chunkBlocks(TotalBlocks, NumWorkers + 1);
}

void Scheduler::addDependency(const OpRef &Before, const OpRef &After) {
  Before->Dependents.push_back(After);
  ++After->PendingDeps;
}

void Scheduler::submit(const std::shared_ptr<Stream> &S, OpRef O, const OpRef &WaitFor) {
  bool Wake;
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
    Wake = StartedWork;
    StartedWork = false;
  }
  if (Wake) {
    WorkCv.notify_all();
    DoneCv.notify_all();
  }
}

void Scheduler::enqueueLocked(const std::shared_ptr<Stream> &S, const OpRef &O) {
  O->Owner = S;
  S->Queue.push_back(O);
  std::vector<OpRef> Completed;
  maybeStartLocked(O, Completed);
  for (const OpRef &C : Completed)
    completeLocked(C);
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
  bool Wake;
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
    Wake = StartedWork;
    StartedWork = false;
  }
  if (Wake) {
    WorkCv.notify_all();
    DoneCv.notify_all();
  }
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
  StartedWork = true;
  setHasWorkLocked();
}

void Scheduler::completeLocked(const OpRef &First) {
  std::vector<OpRef> Worklist{First};
  while (!Worklist.empty()) {
    OpRef O = std::move(Worklist.back());
    Worklist.pop_back();
    O->onComplete();
    O->Done.store(true, std::memory_order_release);
    Active.erase(std::remove(Active.begin(), Active.end(), O), Active.end());
    std::shared_ptr<Stream> S = O->Owner;
    if (!S->Queue.empty() && S->Queue.front() == O)
      S->Queue.pop_front();
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
  bool Wake;
  {
    std::lock_guard<std::mutex> Lock(M);
    // Every unit ran; a grid with child grids completes after them.
    O->UnitsFinished = true;
    std::vector<OpRef> Completed;
    settleLocked(O, Completed);
    for (const OpRef &C : Completed)
      completeLocked(C);
    Wake = StartedWork;
    StartedWork = false;
  }
  DoneCv.notify_all();
  if (Wake)
    WorkCv.notify_all();
}

bool Scheduler::runSomething(WorkerState &W) {
  OpRef O;
  {
    std::lock_guard<std::mutex> Lock(M);
    // The first runnable op of the most urgent stream priority.
    for (const OpRef &Candidate : Active)
      if (Candidate->NextUnit.load(std::memory_order_relaxed) < Candidate->NumUnits &&
          (!O || Candidate->Owner->Priority < O->Owner->Priority))
        O = Candidate;
  }
  if (!O)
    return false;
  for (;;) {
    uint64_t Begin = O->NextUnit.fetch_add(O->UnitsPerGrab, std::memory_order_relaxed);
    if (Begin >= O->NumUnits)
      break;
    uint64_t End = std::min(O->NumUnits, Begin + O->UnitsPerGrab);
    if (!O->skipAfterFault() || stickyError() == cudaSuccess)
      O->run(Begin, End, W);
    uint64_t Count = End - Begin;
    if (O->DoneUnits.fetch_add(Count, std::memory_order_acq_rel) + Count == O->NumUnits) {
      finish(O);
      return true;
    }
  }
  // Every unit is taken; keep others from picking this op again.
  std::lock_guard<std::mutex> Lock(M);
  Active.erase(std::remove(Active.begin(), Active.end(), O), Active.end());
  setHasWorkLocked();
  return true;
}

void Scheduler::workerMain(unsigned Index) {
  WorkerState W(Index);
  for (;;) {
    if (runSomething(W))
      continue;
    for (unsigned I = 0; I < SpinIterations && !HasWork.load(std::memory_order_acquire); ++I)
      cpuRelax();
    if (HasWork.load(std::memory_order_acquire))
      continue;
    std::unique_lock<std::mutex> Lock(M);
    WorkCv.wait(Lock, [this] { return Stopping || !Active.empty(); });
    if (Stopping)
      return;
  }
}

void Scheduler::helpUntil(const std::function<bool()> &DoneLocked) {
  WorkerState &W = helperWorkerState(NumWorkers);
  for (;;) {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (DoneLocked())
        return;
    }
    if (runSomething(W))
      continue;
    std::unique_lock<std::mutex> Lock(M);
    // Wake on any completion or new work; re-check both under the lock so
    // no notification is lost.
    DoneCv.wait(Lock, [&] {
      if (DoneLocked())
        return true;
      for (const OpRef &O : Active)
        if (O->NextUnit.load(std::memory_order_relaxed) < O->NumUnits)
          return true;
      return false;
    });
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
  std::lock_guard<std::mutex> Lock(M);
  return S->Queue.empty();
}

bool Scheduler::queryOp(const OpRef &O) {
  if (Kind == SchedulerKind::Serial)
    waitFor(O);
  return !O || O->isDone();
}

} // namespace loom
