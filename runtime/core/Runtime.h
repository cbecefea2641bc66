// Runtime.h - the one runtime object: device description, memory, scheduler, stream and event handles.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_CORE_RUNTIME_H
#define LOOM_RUNTIME_CORE_RUNTIME_H

#include "core/DeviceInfo.h"
#include "core/Handles.h"
#include "memory/Allocator.h"
#include "scheduler/Scheduler.h"
#include "support/Config.h"

#include <memory>
#include <mutex>
#include <unordered_set>

namespace loom {

class Runtime {
public:
  /// Created on first use (std::call_once) and never destroyed: work may
  /// still be queued when static destructors run.
  static Runtime &get();

  const cudaDeviceProp &properties() const { return Props; }
  const HostFacts &host() const { return Host; }
  Allocator &allocator() { return Memory; }
  /// The worker pool, started on first use.
  Scheduler &scheduler();

  /// Maps a cudaStream_t (0, cudaStreamLegacy, cudaStreamPerThread or a
  /// live handle) to its stream; cudaErrorInvalidResourceHandle otherwise.
  /// cudaStreamPerThread is the legacy stream (see docs/runtime.md).
  cudaError_t resolveStream(cudaStream_t Handle, std::shared_ptr<Stream> *Out);
  cudaStream_t createStream(unsigned Flags, int Priority);
  cudaError_t destroyStream(cudaStream_t Handle);

  cudaEvent_t createEvent(unsigned Flags);
  cudaError_t destroyEvent(cudaEvent_t Handle);
  /// Reads a live event's flags and latest record (null if never recorded);
  /// false if \p Handle is not a live event.
  bool lookupEvent(cudaEvent_t Handle, unsigned *Flags, std::shared_ptr<MarkerOp> *Recorded);
  /// Makes \p Marker the event's latest record; false if not a live event.
  bool setEventRecord(cudaEvent_t Handle, std::shared_ptr<MarkerOp> Marker);

  cudaError_t getLimit(cudaLimit Limit, size_t *Value);
  cudaError_t setLimit(cudaLimit Limit, size_t Value);

  unsigned DeviceFlags = 0;
  int CacheConfig = 0;
  int SharedMemConfig = 0;

  /// cudaDeviceReset: waits for all work, frees all memory, destroys streams
  /// and events, clears the sticky error.
  void reset();

  /// Tests only: drains and restarts the scheduler in another mode.
  void setSchedulerForTesting(SchedulerKind Kind, unsigned NumWorkers);

private:
  Runtime();

  RuntimeConfig Config;
  HostFacts Host;
  cudaDeviceProp Props;
  Allocator Memory;
  std::once_flag SchedulerOnce;
  std::unique_ptr<Scheduler> Sched;

  std::mutex HandlesM;
  std::unordered_set<cudaStream_t> Streams;
  std::unordered_set<cudaEvent_t> Events;
  size_t StackSize = 1024;
  size_t PrintfFifoSize = 1 << 20;
  size_t MallocHeapSize = 8 << 20;
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_RUNTIME_H
