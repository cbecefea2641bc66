// WorkerState.h - per-thread execution state handed to kernel entries (LoomWorker plus its buffers).
// SPDX-License-Identifier: Apache-2.0
//
// Every thread that runs blocks (a pool worker or a host thread helping while
// it synchronizes) owns one WorkerState. Its shared-memory buffer and thread
// arena grow to the largest request seen and are reused across blocks and
// launches: no allocation per block.
#ifndef LOOM_RUNTIME_SCHEDULER_WORKERSTATE_H
#define LOOM_RUNTIME_SCHEDULER_WORKERSTATE_H

#include "loom/KernelABI.h"

#include <cstdint>

namespace loom {

/// A 64-byte aligned buffer that only grows, optionally with \p Guard
/// readable bytes before and after it (shared memory: LOOM_SHARED_GUARD_BYTES).
class GrowableBuffer {
public:
  explicit GrowableBuffer(uint64_t Guard = 0) : Guard(Guard) {}
  GrowableBuffer(const GrowableBuffer &) = delete;
  GrowableBuffer &operator=(const GrowableBuffer &) = delete;
  ~GrowableBuffer();

  /// Returns a buffer of at least \p Bytes (and at least 64) bytes, or null
  /// if memory is exhausted.
  void *reserve(uint64_t Bytes);
  uint64_t capacity() const { return Capacity; }

private:
  uint64_t Guard;
  void *Allocation = nullptr; // Data - Guard
  void *Data = nullptr;
  uint64_t Capacity = 0;
};

class WorkerState {
public:
  explicit WorkerState(uint32_t Index);

  /// Makes the LoomWorker's buffers large enough for one launch and returns
  /// it, or null if the buffers cannot be allocated.
  LoomWorker *prepare(uint64_t SharedBytes, uint64_t ArenaBytes);
  uint32_t index() const { return Worker.workerIndex; }

private:
  GrowableBuffer Shared{LOOM_SHARED_GUARD_BYTES};
  GrowableBuffer Arena;
  LoomWorker Worker;
};

/// The calling host thread's state for helping while it waits. Indices of
/// helper threads start at \p FirstIndex (the pool's worker count) on first use.
WorkerState &helperWorkerState(uint32_t FirstIndex);

} // namespace loom

#endif // LOOM_RUNTIME_SCHEDULER_WORKERSTATE_H
