// GridBarrier.cpp - generation-counting grid barrier: atomic arrival, brief spin, then a futex.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/GridBarrier.h"

#include "scheduler/CpuRelax.h"

#include <climits>
#include <thread>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace loom {

namespace {

thread_local GridBarrier *CurrentGrid = nullptr;

static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t),
              "the futex word is the atomic's storage");

/// Sleeps while *Word == Expected (returns early on a wake-up or a signal).
void futexWait(std::atomic<uint32_t> &Word, uint32_t Expected) {
#if defined(__linux__)
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&Word), FUTEX_WAIT_PRIVATE, Expected,
          nullptr, nullptr, 0);
#else
  if (Word.load(std::memory_order_acquire) == Expected)
    std::this_thread::yield();
#endif
}

void futexWakeAll(std::atomic<uint32_t> &Word) {
#if defined(__linux__)
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&Word), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr,
          nullptr, 0);
#else
  (void)Word;
#endif
}

} // namespace

GridBarrier::GridBarrier(uint32_t Participants, uint32_t SpinIterations)
    : State(uint64_t(Participants) << 32), SpinIterations(SpinIterations) {}

uint32_t GridBarrier::spinFor(uint64_t Blocks, unsigned HardwareThreads) {
  // ~4000 pauses is a few microseconds, as the worker pool polls for work.
  return Blocks <= HardwareThreads ? 4000 : 64;
}

bool GridBarrier::update(bool Arrive) {
  uint64_t Old = State.load(std::memory_order_relaxed);
  for (;;) {
    uint32_t Live = uint32_t(Old >> 32), Arrived = uint32_t(Old);
    if (Arrive)
      ++Arrived;
    else if (Live)
      --Live;
    bool Completes = Arrived != 0 && Arrived >= Live;
    uint64_t New = (uint64_t(Live) << 32) | (Completes ? 0 : Arrived);
    // acq_rel: the arrivals form one release sequence, so whoever completes
    // the generation has seen every participant's writes before it arrived.
    if (State.compare_exchange_weak(Old, New, std::memory_order_acq_rel,
                                    std::memory_order_relaxed))
      return Completes;
  }
}

void GridBarrier::release() {
  // seq_cst pairs with the sleeper count (Dekker): either the waiter sees the
  // new generation, or we see it sleeping and wake it.
  Generation.fetch_add(1, std::memory_order_seq_cst);
  if (Sleepers.load(std::memory_order_seq_cst))
    futexWakeAll(Generation);
}

void GridBarrier::arriveAndWait() {
  // The generation cannot advance before this arrival, so reading it first
  // names the generation we wait for.
  const uint32_t Gen = Generation.load(std::memory_order_acquire);
  if (update(/*Arrive=*/true)) {
    release();
    return;
  }
  for (uint32_t I = 0; I < SpinIterations; ++I) {
    if (Generation.load(std::memory_order_acquire) != Gen)
      return;
    cpuRelax();
  }
  for (;;) {
    Sleepers.fetch_add(1, std::memory_order_seq_cst);
    if (Generation.load(std::memory_order_seq_cst) == Gen)
      futexWait(Generation, Gen);
    Sleepers.fetch_sub(1, std::memory_order_relaxed);
    if (Generation.load(std::memory_order_acquire) != Gen)
      return;
  }
}

GridBarrier *currentGridBarrier() { return CurrentGrid; }

GridBarrier *setCurrentGridBarrier(GridBarrier *Barrier) {
  GridBarrier *Previous = CurrentGrid;
  CurrentGrid = Barrier;
  return Previous;
}

void GridBarrier::leave() {
  if (update(/*Arrive=*/false))
    release();
}

} // namespace loom
