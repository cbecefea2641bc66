// GridBarrier.h - the barrier behind grid_group::sync() in a cooperative launch.
// SPDX-License-Identifier: Apache-2.0
//
// Every block of a cooperative grid runs on its own OS thread; the block's
// thread 0 calls arriveAndWait() between two __syncthreads(). The barrier
// counts generations: the last participant to arrive starts the next
// generation, which releases everyone waiting for the current one. Arrival
// is one atomic read-modify-write (acq_rel), the release a store of the
// generation (release) that waiters load (acquire), so everything a block
// wrote before the barrier is visible to every block after it.
//
// Waiters spin briefly (useful when every block has a core of its own), then
// sleep on a futex on the generation word.
//
// A block that finishes (or is abandoned by a fault) leave()s: it is no
// longer waited for, so blocks that still synchronize are never stuck on one
// that returned early — the same rule as threads that exited before a
// __syncthreads() (docs/barriers.md). CUDA leaves that case undefined (it
// hangs on a GPU).
#ifndef LOOM_RUNTIME_SCHEDULER_GRIDBARRIER_H
#define LOOM_RUNTIME_SCHEDULER_GRIDBARRIER_H

#include <atomic>
#include <cstdint>

namespace loom {

class GridBarrier {
public:
  /// A barrier for \p Participants blocks. \p SpinIterations is how long a
  /// waiter polls before it sleeps.
  GridBarrier(uint32_t Participants, uint32_t SpinIterations);
  GridBarrier(const GridBarrier &) = delete;
  GridBarrier &operator=(const GridBarrier &) = delete;

  /// Waits until every participant that has not left arrived.
  void arriveAndWait();
  /// The calling participant will never arrive again; releases the others
  /// if they were only waiting for it.
  void leave();

  /// Generations completed so far (for tests).
  uint32_t generation() const { return Generation.load(std::memory_order_acquire); }
  /// Participants that have not left (for tests).
  uint32_t participants() const { return uint32_t(State.load(std::memory_order_acquire) >> 32); }

  /// A spin count suited to \p Blocks blocks on \p HardwareThreads threads:
  /// polling only pays when no block waits for a core.
  static uint32_t spinFor(uint64_t Blocks, unsigned HardwareThreads);

private:
  /// Applies one arrival (\p Arrive) or departure to the state; true if that
  /// completed the current generation (the caller then releases it).
  bool update(bool Arrive);
  void release();

  /// High 32 bits: participants still running; low 32: arrived in this generation.
  std::atomic<uint64_t> State;
  std::atomic<uint32_t> Generation{0};
  std::atomic<uint32_t> Sleepers{0};
  const uint32_t SpinIterations;
};

/// The grid barrier of the cooperative launch whose block the calling thread
/// runs; null outside a cooperative launch (what grid_group::sync() and
/// is_valid() ask).
GridBarrier *currentGridBarrier();
/// Sets it for the calling thread; returns the previous one.
GridBarrier *setCurrentGridBarrier(GridBarrier *Barrier);

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_GRIDBARRIER_H
