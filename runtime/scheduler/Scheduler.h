// Scheduler.h - persistent worker pool executing stream ops, with in-order streams and dependencies.
// SPDX-License-Identifier: Apache-2.0
//
// Ops are submitted to streams. An op starts when it is at the front of its
// stream and every op it depends on has completed (legacy default stream
// ordering and cudaStreamWaitEvent are dependencies). A started op with units
// sits in the active list, where pool workers and waiting host threads grab
// its units in chunks from an atomic counter. Whoever finishes the last unit
// completes the op, which may start the next op of the stream and dependents.
//
// At most N threads execute work at once (ExecutorSlots; N = LOOM_NUM_THREADS
// or the CPUs the process may use). With LOOM_DEVICES=n (n > 1) the workers
// are split between the devices (worker i serves device i mod n, at least
// one each) and a worker runs only ops of streams of its device or of no
// device (the legacy stream): two devices' kernels run at once, as on two
// GPUs, however many blocks either has. Waiting host threads run any op. The pool has N workers; a host thread that
// waits (synchronize, blocking memcpy) runs units itself when it gets a slot,
// else it sleeps; an idle worker spinning for work hands its slot to such a
// waiter. Idle workers spin for about one measured wake-up latency, holding
// their slot, then release it and sleep. With zero workers (serial
// scheduling) the waiting thread runs everything, in submission order and
// block order.
//
// Small work runs on the waiting thread (CostModel): an op whose estimated
// time on one thread is below the inline threshold, or that its submitter
// waits for at once, starts *deferred*: it wakes no worker, a waiting host
// thread or an already awake worker runs it. Nothing waits forever on that:
// worker 0 wakes for deferred work older than MaxDeferNs, a query promotes
// deferred work to ordinary work, and a deferred op that turns out to run
// longer than the threshold is promoted by the thread running it.
#ifndef LOOM_RUNTIME_SCHEDULER_SCHEDULER_H
#define LOOM_RUNTIME_SCHEDULER_SCHEDULER_H

#include "scheduler/CostModel.h"
#include "scheduler/ExecutorSlots.h"
#include "scheduler/Op.h"
#include "scheduler/Stream.h"
#include "support/Config.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace loom {

class WorkerState;

class Scheduler {
public:
  Scheduler(SchedulerKind Kind, unsigned NumWorkers, unsigned NumDevices = 1);
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  const std::shared_ptr<Stream> &legacyStream() const { return Legacy; }
  /// \p Device: whose workers run its ops (-1: any; see the header comment).
  std::shared_ptr<Stream> createStream(unsigned Flags, int Priority = 0, int Device = -1);
  /// Forgets a user stream; ops already submitted to it still run.
  void retireStream(const std::shared_ptr<Stream> &S);

  /// Appends \p O to \p S. \p WaitFor, if given and not yet complete, becomes
  /// an extra dependency (cudaStreamWaitEvent).
  void submit(const std::shared_ptr<Stream> &S, OpRef O, const OpRef &WaitFor = nullptr);

  /// Small work without a hand-off: when \p O may run on its submitter
  /// (Op::mayRunOnSubmitter), \p S and every stream it is ordered
  /// after are idle, \p O's time on one thread is known to be below the
  /// inline threshold (measured for ops with a cost key, guessed for the
  /// others), an executor slot is free and inline runs are enabled, submits
  /// \p O and runs it on the calling thread before returning: no worker is
  /// woken, and the op is complete when this returns unless it outlasted
  /// the threshold, in which case its remaining units went to the workers
  /// as ordinary work. Returns false, having done nothing, otherwise (the
  /// caller then submits). Never in serial mode, and never from a thread
  /// that already executes work.
  bool tryRunHere(const std::shared_ptr<Stream> &S, const OpRef &O);

  /// Whether no op is queued in any stream (every op ever submitted has
  /// completed): one acquire load. Work a thread submits now waits for
  /// nothing, and what completed is visible to the caller.
  bool idleEverywhere() const { return Incomplete.load(std::memory_order_acquire) == 0; }
  /// The cheapest small launch: when nothing is queued anywhere
  /// (idleEverywhere) and tryRunHere's other conditions hold (may run on
  /// its submitter, measured below the inline threshold, a free executor
  /// slot, not a worker, not serial), runs \p O's units on the calling
  /// thread now, chunk by chunk, without submitting it: no queue node, no
  /// scheduler lock, no wake-up. \p O is the caller's (it may live on the
  /// stack) and is never completed or kept. Returns how many units ran: 0
  /// when the conditions do not hold (nothing ran), NumUnits when all did,
  /// fewer when the run outlasted the inline threshold, in which case the
  /// caller submits the rest as ordinary work (submitRemainder). Nothing
  /// else can be ordered after work that is in no queue, so nothing can
  /// observe the op half-done except a thread racing with this call.
  uint64_t runIfIdle(Op &O);
  /// Submits \p O, whose first units already ran (runIfIdle), as ordinary
  /// work: the workers are woken for its remaining units at once.
  void submitRemainder(const std::shared_ptr<Stream> &S, const OpRef &O);
  void setRunInline(bool On) { RunInline.store(On, std::memory_order_relaxed); }
  bool runInline() const { return RunInline.load(std::memory_order_relaxed); }

  /// Dynamic parallelism: \p Child was launched by a thread of the running
  /// grid \p Parent. It goes to \p S (null: the parent's own child stream;
  /// ignored for a tail launch, which starts after everything else the parent
  /// launched). Device-side launches never wait for the legacy stream. The
  /// parent completes only after the child.
  void submitChild(const OpRef &Parent, std::shared_ptr<Stream> S, OpRef Child, bool Tail);

  /// At most this many incomplete ops per stream: a host thread that
  /// submits more waits (helping) until half of them completed, as CUDA's
  /// launch queue blocks the launching thread when it is full. Bounds the
  /// memory of a program that launches in a loop without synchronizing.
  static constexpr size_t MaxQueuedOps = 1024;
  /// Waits as above if \p S holds more than MaxQueuedOps ops (never on a
  /// thread that executes work).
  void throttle(const std::shared_ptr<Stream> &S);

  /// Blocks (helping) until \p O completed.
  void waitFor(const OpRef &O);
  /// Blocks (helping) until everything submitted to \p S so far completed.
  void waitStream(const std::shared_ptr<Stream> &S);
  /// Blocks (helping) until every stream is empty.
  void waitAll();
  /// Whether \p S has no incomplete ops. In serial mode it first runs the
  /// stream's work, since nothing else ever would.
  bool queryStream(const std::shared_ptr<Stream> &S);
  bool queryOp(const OpRef &O);
  /// Whether a blocking call on \p S has nothing to wait for: \p S is empty
  /// and so is every stream it is ordered after (for the legacy stream, all
  /// blocking streams; for a blocking stream, the legacy stream). The caller
  /// may then do the call's work itself, without an op.
  bool idleForBlockingCall(const std::shared_ptr<Stream> &S);
  /// Blocks (helping) until everything a blocking call on \p S submitted now
  /// would wait for has completed.
  void waitBeforeBlockingCall(const std::shared_ptr<Stream> &S);

  /// Blocks per grab for a kernel of \p TotalBlocks blocks.
  uint64_t chunkFor(uint64_t TotalBlocks) const;
  SchedulerKind kind() const { return Kind; }
  unsigned numWorkers() const { return NumWorkers; }
  unsigned numDevices() const { return NumDevices; }
  /// The device pool worker \p Index serves; -1 (any) with one device.
  int workerDevice(unsigned Index) const {
    return NumDevices > 1 && Index < NumWorkers ? int(Index % NumDevices) : -1;
  }

  /// Deferred work older than this wakes a worker even if no thread waits.
  static constexpr int64_t MaxDeferNs = 100000;
  CostModel &costs() { return Costs; }
  const ExecutorSlots &slots() const { return Slots; }
  /// Estimated time of \p O on one thread (ns), negative if unknown.
  double estimateNs(const Op &O) const;
  /// Counters for tests and tuning (LOOM_SCHED_STATS=1 prints them at exit):
  /// workers woken for work, ops started deferred, deferred ops promoted to
  /// ordinary ones, times a waiting thread slept, ops run by tryRunHere.
  uint64_t workerWakeups() const { return WorkerWakeups.load(std::memory_order_relaxed); }
  uint64_t deferredStarts() const { return DeferredStarts.load(std::memory_order_relaxed); }
  uint64_t promotions() const { return Promotions.load(std::memory_order_relaxed); }
  uint64_t helperSleeps() const { return HelperSleeps.load(std::memory_order_relaxed); }
  uint64_t ranHere() const { return RanHere.load(std::memory_order_relaxed); }

  /// Drains all work, then restarts with a different configuration. For
  /// tests; streams stay valid.
  void reconfigure(SchedulerKind NewKind, unsigned NewWorkers);

private:
  void startWorkers();
  void stopWorkers();
  void workerMain(unsigned Index);
  /// Sleeps until there is ordinary work and a free slot (taken), or, for
  /// worker 0, deferred work overdue; false when stopping.
  bool sleepUntilWork(unsigned Index);
  /// Whether a thread serving \p Device (-1: any) has ordinary work.
  bool hasWorkFor(int Device, std::memory_order Order) const {
    uint64_t Mask = WorkMask.load(Order);
    return Device < 0 ? Mask != 0 : (Mask & (AnyDeviceBit | deviceBit(Device))) != 0;
  }
  static constexpr uint64_t AnyDeviceBit = uint64_t(1) << 63;
  static uint64_t deviceBit(int Device) {
    return Device < 0 ? AnyDeviceBit : uint64_t(1) << (unsigned(Device) % 63);
  }
  /// Spins (holding a slot) for about a wake-up latency; true if ordinary
  /// work appeared, false if it timed out or a waiting thread wants the slot.
  bool spinForWork(int Device);
  void releaseSlot();
  /// Wakes sleeping workers (and waiters) for new ordinary work.
  void notifyWork();
  /// Turns deferred ops into ordinary ones (all of them, or just \p O).
  void promote(const OpRef &O);
  void promoteAllDeferred();
  /// Runs units of one active op; false if there was nothing to run.
  /// Deferred ops are taken only if \p AllowDeferred.
  bool runSomething(WorkerState &W, bool AllowDeferred);
  /// Whether a thread serving \p Device (-1: any) may run \p O.
  static bool serves(int Device, const Op &O) {
    return Device < 0 || O.Device < 0 || O.Device == Device;
  }
  /// Grabs and runs units of the started op \p O until none is left (a
  /// deferred op that outlasts the inline threshold is promoted on the way);
  /// completes it if this thread ran its last unit.
  void runUnits(const OpRef &O, WorkerState &W);
  void finish(const OpRef &O);
  void helpUntil(const std::function<bool()> &DoneLocked);

  // All below: guarded by M unless atomic.
  void addDependency(const OpRef &Before, const OpRef &After);
  void maybeStartLocked(const OpRef &O, std::vector<OpRef> &Completed);
  void completeLocked(const OpRef &O);
  void enqueueLocked(const std::shared_ptr<Stream> &S, const OpRef &O);
  /// Queues \p O for completion if its units and children are all done.
  void settleLocked(const OpRef &O, std::vector<OpRef> &Completed);
  bool runnableLocked(bool AllowDeferred) const;
  /// Whether work submitted to \p S now would wait for nothing.
  bool idleLocked(const Stream &S) const;
  /// Recomputes WorkMask from the active ops.
  void setHasWorkLocked();
  bool shouldDeferLocked(const Op &O) const;
  bool promoteLocked(const OpRef &O);

  SchedulerKind Kind;
  unsigned NumWorkers;
  unsigned NumDevices;
  std::shared_ptr<Stream> Legacy;

  std::mutex M;
  std::condition_variable WorkCv; ///< workers wait here for new work
  std::condition_variable DoneCv; ///< waiting host threads wait here
  std::condition_variable WatchCv; ///< worker 0 waits here (it also watches deferred work)
  std::vector<OpRef> Active;      ///< started ops that may have units left
  std::vector<std::shared_ptr<Stream>> Streams; ///< user streams (not the legacy one)
  /// Reused lists of ops to complete (kept allocated across calls).
  std::vector<OpRef> StartScratch, CompleteScratch;
  /// Which devices' started, non-deferred ops have units left (what
  /// spinners watch): deviceBit of each op's device; AnyDeviceBit for ops
  /// of no device (all of them with one device).
  std::atomic<uint64_t> WorkMask{0};
  bool StartedWork = false; ///< an ordinary op entered Active since the last notify
  bool Watching = true;     ///< worker 0 is awake or sleeps with a deadline
  bool WatchNotify = false; ///< worker 0 must be told about new deferred work
  /// Under M: what the change just made asks for (and resets the flags).
  void takeWakeupsLocked(bool &Wake, bool &Watch);
  /// After M is released: wake workers, or tell worker 0 about deferred work.
  void deliverWakeups(bool Wake, bool Watch);
  int64_t LastDeferredNs = 0; ///< when a deferred op last started

  ExecutorSlots Slots;
  CostModel Costs;
  std::atomic<int> SlotWanted{0};      ///< waiting threads that could use a slot
  std::atomic<int> SleepingWorkers{0}; ///< workers in (or entering) a wait
  std::atomic<int64_t> LastWakeNs{0};  ///< when workers were last notified
  std::atomic<uint64_t> WorkerWakeups{0}, DeferredStarts{0}, Promotions{0}, HelperSleeps{0},
      RanHere{0};
  std::atomic<bool> RunInline{true};
  /// Ops in stream queues (submitted, not yet complete), all streams
  /// together; changed under M, read without it (idleEverywhere).
  std::atomic<int64_t> Incomplete{0};
  bool Stopping = false;
  std::vector<std::thread> Workers;
};

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_SCHEDULER_H
