// Op.h - one unit of stream work (kernel, copy, set, host function, marker) as the scheduler sees it.
// SPDX-License-Identifier: Apache-2.0
//
// An Op consists of NumUnits independent units (a kernel's blocks; one unit
// for a copy) that threads grab UnitsPerGrab at a time from an atomic counter.
// An Op with zero units is a marker: it completes as soon as it may start.
#ifndef LOOM_RUNTIME_SCHEDULER_OP_H
#define LOOM_RUNTIME_SCHEDULER_OP_H

#include "profile/Profile.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace loom {

class Stream;
class WorkerState;

class Op : public std::enable_shared_from_this<Op> {
public:
  Op(uint64_t NumUnits, uint64_t UnitsPerGrab)
      : NumUnits(NumUnits), UnitsPerGrab(UnitsPerGrab ? UnitsPerGrab : 1) {
    if (profile::Enabled)
      profile::tagNewOp(*this);
  }
  virtual ~Op() = default;
  Op(const Op &) = delete;
  Op &operator=(const Op &) = delete;

  /// Runs units [Begin, End) on the calling thread.
  virtual void run(uint64_t Begin, uint64_t End, WorkerState &Worker) = 0;
  /// Called once when the op completes, under the scheduler's lock: must be
  /// cheap and must not call back into the scheduler.
  virtual void onComplete() {}
  /// Whether the op's remaining units are skipped once a sticky error is set
  /// (kernels are, like a CUDA context after a fault; host functions are not).
  virtual bool skipAfterFault() const { return true; }
  /// A fresh, unsubmitted op doing the same work (graph replay of a captured
  /// op); null if the op cannot be captured.
  virtual std::shared_ptr<Op> clone() const { return nullptr; }

  /// Cost hints (scheduler/CostModel.h): the key under which this kind of
  /// op's time per unit is measured (null: not measured), and a guess of its
  /// time on one thread in ns before any measurement (negative: unknown, so
  /// never run inline on a waiting thread unless CallerWaits).
  virtual const void *costKey() const { return nullptr; }
  virtual double guessNs() const { return -1; }
  /// How many measured cost units one unit is (a kernel: its threads per
  /// block, so a launch with another block size reuses the estimate).
  virtual uint64_t costUnitsPerUnit() const { return 1; }

  /// Whether the op may run on the thread that submits it, before the
  /// submission returns (Scheduler::tryRunHere): it cannot wait for anything
  /// that thread does afterwards. Copies and fills can't; a kernel can't if
  /// the compiler proved it (LOOM_KERNEL_NEVER_WAITS_FOR_HOST).
  virtual bool mayRunOnSubmitter() const { return false; }

  bool isDone() const { return Done.load(std::memory_order_acquire); }

  /// Set before submission when the submitting thread waits for the op at
  /// once (blocking copies): starting it wakes no worker, the waiter runs it.
  bool CallerWaits = false;

  const uint64_t NumUnits;
  const uint64_t UnitsPerGrab;

  // Scheduler bookkeeping. The atomics are touched without the scheduler's
  // lock; everything else only under it.
  std::atomic<uint64_t> NextUnit{0};
  std::atomic<uint64_t> DoneUnits{0};
  std::atomic<bool> Done{false};
  std::shared_ptr<Stream> Owner;
  int Device = -1; ///< Owner's device (Stream::Device), set at submission
  unsigned PendingDeps = 0;
  bool Started = false;
  /// Started without waking workers: a waiting thread or an already awake
  /// worker runs it; sleeping workers only after Scheduler's defer limit.
  std::atomic<bool> Deferred{false};
  int64_t StartedAtNs = 0;
  std::vector<std::shared_ptr<Op>> Dependents;

  // Dynamic parallelism (Scheduler::submitChild), under the scheduler's lock:
  // a grid completes only after the grids its threads launched; its tail
  // launches start once everything else it launched completed.
  std::shared_ptr<Op> Parent;      ///< the grid that launched this one
  bool IsTailLaunch = false;
  bool UnitsFinished = false;      ///< every unit ran; children may be pending
  unsigned ChildHolds = 0;         ///< incomplete non-tail children
  unsigned TailHolds = 0;          ///< incomplete tail launches
  std::shared_ptr<Op> TailGate;    ///< holds the tail stream until the rest is done
  std::shared_ptr<Stream> ChildStream; ///< children launched into stream 0
  std::shared_ptr<Stream> TailStream;  ///< tail launches, in launch order

  // LOOM_PROFILE / LOOM_TRACE (profile/Profile.h); untouched when off.
  uint8_t ProfileKind = 0;            ///< a copy's or fill's kind; 0: neither
  uint64_t ProfileBytes = 0;          ///< bytes a copy or fill moves
  std::atomic<int64_t> ProfileStartNs{0}; ///< when its first unit began
};

using OpRef = std::shared_ptr<Op>;

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_OP_H
