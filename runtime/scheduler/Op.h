// Op.h - one unit of stream work (kernel, copy, set, host function, marker) as the scheduler sees it.
// SPDX-License-Identifier: Apache-2.0
//
// An Op consists of NumUnits independent units (a kernel's blocks; one unit
// for a copy) that threads grab UnitsPerGrab at a time from an atomic counter.
// An Op with zero units is a marker: it completes as soon as it may start.
#ifndef LOOM_RUNTIME_SCHEDULER_OP_H
#define LOOM_RUNTIME_SCHEDULER_OP_H

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
      : NumUnits(NumUnits), UnitsPerGrab(UnitsPerGrab ? UnitsPerGrab : 1) {}
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

  bool isDone() const { return Done.load(std::memory_order_acquire); }

  const uint64_t NumUnits;
  const uint64_t UnitsPerGrab;

  // Scheduler bookkeeping. The atomics are touched without the scheduler's
  // lock; everything else only under it.
  std::atomic<uint64_t> NextUnit{0};
  std::atomic<uint64_t> DoneUnits{0};
  std::atomic<bool> Done{false};
  std::shared_ptr<Stream> Owner;
  unsigned PendingDeps = 0;
  bool Started = false;
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
};

using OpRef = std::shared_ptr<Op>;

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_OP_H
