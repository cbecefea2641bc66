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
// Workers spin briefly for new work, then block on a condition variable. A
// host thread that waits (synchronize, blocking memcpy) runs units itself
// until what it waits for is done. With zero workers (serial scheduling) that
// waiting thread runs everything, in submission order and block order.
#ifndef LOOM_RUNTIME_SCHEDULER_SCHEDULER_H
#define LOOM_RUNTIME_SCHEDULER_SCHEDULER_H

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
  Scheduler(SchedulerKind Kind, unsigned NumWorkers);
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  const std::shared_ptr<Stream> &legacyStream() const { return Legacy; }
  std::shared_ptr<Stream> createStream(unsigned Flags, int Priority = 0);
  /// Forgets a user stream; ops already submitted to it still run.
  void retireStream(const std::shared_ptr<Stream> &S);

  /// Appends \p O to \p S. \p WaitFor, if given and not yet complete, becomes
  /// an extra dependency (cudaStreamWaitEvent).
  void submit(const std::shared_ptr<Stream> &S, OpRef O, const OpRef &WaitFor = nullptr);

  /// Dynamic parallelism: \p Child was launched by a thread of the running
  /// grid \p Parent. It goes to \p S (null: the parent's own child stream;
  /// ignored for a tail launch, which starts after everything else the parent
  /// launched). Device-side launches never wait for the legacy stream. The
  /// parent completes only after the child.
  void submitChild(const OpRef &Parent, std::shared_ptr<Stream> S, OpRef Child, bool Tail);

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

  /// Blocks per grab for a kernel of \p TotalBlocks blocks.
  uint64_t chunkFor(uint64_t TotalBlocks) const;
  SchedulerKind kind() const { return Kind; }
  unsigned numWorkers() const { return NumWorkers; }

  /// Drains all work, then restarts with a different configuration. For
  /// tests; streams stay valid.
  void reconfigure(SchedulerKind NewKind, unsigned NewWorkers);

private:
  void startWorkers();
  void stopWorkers();
  void workerMain(unsigned Index);
  /// Runs units of one active op; false if there was nothing to run.
  bool runSomething(WorkerState &W);
  void finish(const OpRef &O);
  void helpUntil(const std::function<bool()> &DoneLocked);

  // All below: guarded by M unless atomic.
  void addDependency(const OpRef &Before, const OpRef &After);
  void maybeStartLocked(const OpRef &O, std::vector<OpRef> &Completed);
  void completeLocked(const OpRef &O);
  void enqueueLocked(const std::shared_ptr<Stream> &S, const OpRef &O);
  /// Queues \p O for completion if its units and children are all done.
  void settleLocked(const OpRef &O, std::vector<OpRef> &Completed);
  void setHasWorkLocked() { HasWork.store(!Active.empty(), std::memory_order_release); }

  SchedulerKind Kind;
  unsigned NumWorkers;
  std::shared_ptr<Stream> Legacy;

  std::mutex M;
  std::condition_variable WorkCv; ///< workers wait here for new work
  std::condition_variable DoneCv; ///< waiting host threads wait here
  std::vector<OpRef> Active;      ///< started ops that may have units left
  std::vector<std::shared_ptr<Stream>> Streams; ///< user streams (not the legacy one)
  std::atomic<bool> HasWork{false};
  bool StartedWork = false; ///< an op entered Active since the last notify
  bool Stopping = false;
  std::vector<std::thread> Workers;
};

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_SCHEDULER_H
