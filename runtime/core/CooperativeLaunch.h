// CooperativeLaunch.h - cudaLaunchCooperativeKernel: every block of the grid on its own OS thread.
// SPDX-License-Identifier: Apache-2.0
//
// grid_group::sync() needs every block of the grid running at once. A Loom
// block is one call of the kernel's entry; a block that waits at a grid
// barrier holds the stack of the thread that runs it, and static __shared__
// variables are thread-local storage (LowerSharedMemory). So each block of a
// cooperative grid gets an OS thread of its own: fibers would share the
// thread-local shared memory, and the worker pool has too few threads.
//
// A cooperative launch is one stream op of one unit, ordered like any other
// launch. The thread that picks it up (a pool worker, or the host thread
// helping while it synchronizes) runs block 0 itself and hands blocks
// 1..N-1 to CooperativeThreads, a pool of threads that grows to the largest
// need and is reused. Every block thread has its own WorkerState (shared
// memory buffer and thread arena, exactly as a pool worker) and, in
// thread-local state, the launch's GridBarrier.
#ifndef LOOM_RUNTIME_CORE_COOPERATIVELAUNCH_H
#define LOOM_RUNTIME_CORE_COOPERATIVELAUNCH_H

#include "core/Ops.h"
#include "scheduler/Op.h"

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace loom {

class WorkerState;

/// Counts outstanding tasks down to zero; wait() returns once it is zero.
class CompletionLatch {
public:
  explicit CompletionLatch(uint64_t Count) : Count(Count) {}
  void countDown(uint64_t N = 1);
  void wait();

private:
  std::mutex M;
  std::condition_variable Cv;
  uint64_t Count;
};

/// Threads that run one block of a cooperative grid each. Created on demand,
/// never destroyed (owned by the Runtime, which lives until the process
/// exits); idle ones sleep on a condition variable.
class CooperativeThreads {
public:
  using TaskFn = void (*)(void *Context, uint64_t Index, WorkerState &Worker);

  CooperativeThreads() = default;

  /// Makes sure at least \p Count threads exist (idle or busy); false if the
  /// system refuses to create more.
  bool reserve(uint64_t Count);
  /// Runs Fn(Context, I, worker) for every I in [Begin, End), each on an idle
  /// thread (one is created when none is idle); each finished task counts
  /// \p Done down. Returns how many tasks started: End - Begin unless a thread
  /// could not be created.
  uint64_t start(uint64_t Begin, uint64_t End, TaskFn Fn, void *Context, CompletionLatch &Done);
  /// Threads created so far.
  uint64_t size();

private:
  struct Thread;
  bool spawnLocked();
  static void *threadMain(void *Self);

  std::mutex M;
  std::vector<Thread *> Idle;
  uint64_t Count = 0;
};

/// A cooperative launch: one unit that runs the whole grid, each block on its
/// own thread, with a grid barrier.
class CooperativeKernelOp final : public Op {
public:
  /// \p GridSync: a cudaLaunchCooperativeKernel launch (grid_group::sync()
  /// works, threads that run out fail the launch). Without it, an ordinary
  /// launch of a kernel with spin-waits (LOOM_KERNEL_SPIN_WAITS) that runs
  /// its blocks at once so that they may wait for each other: the grid is
  /// not valid for grid.sync(), and blocks without a thread run on the
  /// executing thread after block 0.
  CooperativeKernelOp(std::shared_ptr<KernelOp> Kernel, uint64_t Blocks, bool GridSync = true);
  void run(uint64_t Begin, uint64_t End, WorkerState &Worker) override;
  OpRef clone() const override;
  /// The launch and its grid size (the profiler names and counts it).
  const KernelOp &kernel() const { return *Kernel; }
  uint64_t blocks() const { return Blocks; }

private:
  std::shared_ptr<KernelOp> Kernel; ///< argument copy; runs one block per call
  uint64_t Blocks;
  bool GridSync;
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_COOPERATIVELAUNCH_H
