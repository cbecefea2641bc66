// WorkerState.cpp - growable per-worker shared memory and thread arena.
// SPDX-License-Identifier: Apache-2.0
#include "scheduler/WorkerState.h"

#include <atomic>
#include <cstdlib>
#include <memory>

namespace loom {

namespace {
constexpr uint64_t BufferAlign = 64;
/// Initial shared-memory size: CUDA's default per-block limit, so most
/// kernels never grow it.
constexpr uint64_t InitialSharedBytes = 48 * 1024;

uint64_t roundUp(uint64_t Value, uint64_t Align) {
  return (Value + Align - 1) / Align * Align;
}
} // namespace

GrowableBuffer::~GrowableBuffer() { std::free(Allocation); }

void *GrowableBuffer::reserve(uint64_t Bytes) {
  if (Bytes < BufferAlign)
    Bytes = BufferAlign;
  if (Bytes <= Capacity)
    return Data;
  if (Bytes > UINT64_MAX / 4)
    return nullptr;
  uint64_t NewCapacity = roundUp(Bytes > 2 * Capacity ? Bytes : 2 * Capacity, BufferAlign);
  uint64_t GuardBytes = roundUp(Guard, BufferAlign);
  auto *NewAllocation =
      static_cast<char *>(std::aligned_alloc(BufferAlign, NewCapacity + 2 * GuardBytes));
  if (!NewAllocation)
    return nullptr;
  std::free(Allocation);
  Allocation = NewAllocation;
  Data = NewAllocation + GuardBytes;
  Capacity = NewCapacity;
  return Data;
}

WorkerState::WorkerState(uint32_t Index) : Worker() {
  Worker.workerIndex = Index;
  Worker.sharedMem = Shared.reserve(InitialSharedBytes);
  Worker.threadArena = Arena.reserve(BufferAlign);
  Worker.threadArenaBytes = Arena.capacity();
}

LoomWorker *WorkerState::prepare(uint64_t SharedBytes, uint64_t ArenaBytes) {
  void *SharedMem = Shared.reserve(SharedBytes);
  void *ThreadArena = Arena.reserve(ArenaBytes);
  if (!SharedMem || !ThreadArena)
    return nullptr;
  Worker.sharedMem = SharedMem;
  Worker.threadArena = ThreadArena;
  Worker.threadArenaBytes = Arena.capacity();
  return &Worker;
}

namespace {
/// The calling thread's helper state once created: every small launch and
/// copy on a host thread asks for it, so an initial-exec pointer (no loader
/// call) in front of the owning thread-local.
__attribute__((tls_model("initial-exec"))) thread_local WorkerState *HelperState = nullptr;
} // namespace

WorkerState &helperWorkerState(uint32_t FirstIndex) {
  if (WorkerState *W = HelperState)
    return *W;
  static std::atomic<uint32_t> NextHelper{0};
  struct Owner {
    std::unique_ptr<WorkerState> State;
    ~Owner() { HelperState = nullptr; } // thread exit: later calls start afresh
  };
  thread_local Owner Mine;
  if (!Mine.State)
    Mine.State = std::make_unique<WorkerState>(FirstIndex + NextHelper.fetch_add(1));
  HelperState = Mine.State.get();
  return *Mine.State;
}

} // namespace loom
