// Runtime.h - the one runtime object: it owns the device description, memory, scheduler and every handle table.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_CORE_RUNTIME_H
#define LOOM_RUNTIME_CORE_RUNTIME_H

#include "core/CooperativeLaunch.h"
#include "core/DeviceInfo.h"
#include "core/Graph.h"
#include "core/Handles.h"
#include "memory/Allocator.h"
#include "memory/Array.h"
#include "memory/MemPool.h"
#include "scheduler/Scheduler.h"
#include "support/Config.h"
#include "support/HandleTable.h"
#include "texture/Surface.h"
#include "texture/Texture.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

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

  /// The threads that run the blocks of cooperative grids (started on
  /// first use, kept until the process exits).
  CooperativeThreads &cooperativeThreads() { return Cooperative; }

  // ---- Handle tables (cudaDeviceReset destroys what they hold) ----
  // Streams and events are reached through the methods below.
  GraphTable &graphs() { return Graphs; }
  ArrayTable &arrays() { return Arrays; }
  MemPoolTable &memPools() { return MemPools; }
  TextureTable &textures() { return Textures; }
  SurfaceTable &surfaces() { return Surfaces; }
  /// Driver-API contexts made by cuCtxCreate (not the primary context);
  /// cudaDeviceReset leaves them, as CUDA does.
  HandleTable<CUctx_st, NeverReuse> &contexts() { return Contexts; }

  /// Maps a cudaStream_t (0, cudaStreamLegacy, cudaStreamPerThread or a
  /// live handle) to its stream; cudaErrorInvalidResourceHandle otherwise.
  /// cudaStreamPerThread is the legacy stream (see docs/runtime.md).
  cudaError_t resolveStream(cudaStream_t Handle, std::shared_ptr<Stream> *Out);
  /// --default-stream per-thread: stream 0 means cudaStreamPerThread.
  std::atomic<bool> PerThreadDefaultStream{false};
  cudaStream_t createStream(unsigned Flags, int Priority);
  cudaError_t destroyStream(cudaStream_t Handle);

  cudaEvent_t createEvent(unsigned Flags);
  cudaError_t destroyEvent(cudaEvent_t Handle);
  /// Reads a live event's flags and latest record (null if never recorded);
  /// false if \p Handle is not a live event.
  bool lookupEvent(cudaEvent_t Handle, unsigned *Flags, std::shared_ptr<MarkerOp> *Recorded);
  /// Makes \p Marker the event's latest record; false if not a live event.
  bool setEventRecord(cudaEvent_t Handle, std::shared_ptr<MarkerOp> Marker);

  // ---- Stream capture (core/Capture.cpp) ----
  /// Submits \p O to \p S, or records it into the graph when \p S is
  /// capturing. Capture rules: an op that cannot be captured ->
  /// cudaErrorStreamCaptureUnsupported; work for the legacy stream while a
  /// blocking stream captures -> cudaErrorStreamCaptureImplicit; both
  /// invalidate the capture, and later work in it ->
  /// cudaErrorStreamCaptureInvalidated.
  /// With \p MayRunHere, a small op for an idle stream may run on the
  /// calling thread before this returns (Scheduler::tryRunHere).
  cudaError_t enqueue(const std::shared_ptr<Stream> &S, OpRef O, const OpRef &WaitFor = nullptr,
                      bool MayRunHere = false);
  /// A call that waits for \p S (synchronous copies, stream synchronize) is
  /// illegal while \p S captures, and for the legacy stream while a capture
  /// that forbids unsafe calls is active: cudaErrorStreamCaptureUnsupported,
  /// invalidating the capture.
  cudaError_t checkBlockingCall(const std::shared_ptr<Stream> &S);
  /// cudaDeviceSynchronize and the like: illegal while a capture that forbids
  /// unsafe calls is active.
  cudaError_t checkDeviceWideCall();
  /// Whether any stream capture is active (one load, no lock). While none
  /// is, no stream captures, so enqueue records nothing and
  /// checkBlockingCall/checkDeviceWideCall have nothing to check: the
  /// small-work fast paths skip them.
  bool anyCapture() const { return ActiveCaptures.load(std::memory_order_acquire) != 0; }
  cudaError_t beginCapture(const std::shared_ptr<Stream> &S, cudaStreamCaptureMode Mode);
  cudaError_t endCapture(const std::shared_ptr<Stream> &S, cudaGraph_t *Graph);
  /// The capture \p S records into (null if none).
  std::shared_ptr<CaptureSession> captureOf(const std::shared_ptr<Stream> &S);
  /// Snapshot of a session's fields under the capture lock.
  void captureInfo(const std::shared_ptr<CaptureSession> &C, cudaStreamCaptureStatus *Status,
                   unsigned long long *Id, cudaGraph_t *Graph, cudaGraphNode_t **Last);
  /// cudaEventRecord into a capturing stream: remembers the fork point.
  /// False if \p S is not capturing (record normally).
  bool captureEventRecord(const std::shared_ptr<Stream> &S, cudaEvent_t Event,
                          cudaError_t *Error);
  /// cudaStreamWaitEvent involving a capture (joins \p S to the event's
  /// capture). False if no capture is involved (wait normally).
  bool captureWaitEvent(const std::shared_ptr<Stream> &S, cudaEvent_t Event,
                        cudaError_t *Error);
  /// cudaFreeAsync in a capturing stream: the graph frees it when destroyed.
  /// False if \p S is not capturing.
  bool captureFree(const std::shared_ptr<Stream> &S, void *Ptr, cudaError_t *Error);

  cudaError_t getLimit(cudaLimit Limit, size_t *Value);
  cudaError_t setLimit(cudaLimit Limit, size_t Value);

  /// Dynamic parallelism: device-side launches not yet complete, and their
  /// limit (cudaLimitDevRuntimePendingLaunchCount).
  std::atomic<size_t> PendingDeviceLaunches{0};
  std::atomic<size_t> PendingDeviceLaunchLimit{2048};
  /// The least limit enforced: a GPU (H200, CUDA 13) accepted 12 pending
  /// tail launches with the limit set to 4, and a limit of 0. A lower limit
  /// is stored and reported but launches fail only beyond this many.
  static constexpr size_t MinPendingDeviceLaunches = 2048;
  /// A kernel that uses the device heap was launched (or allocated from
  /// it): CUDA then refuses to change cudaLimitMallocHeapSize
  /// (cudaErrorInvalidValue) until cudaDeviceReset.
  std::atomic<bool> DeviceHeapFixed{false};

  unsigned DeviceFlags = 0;
  int CacheConfig = 0;
  int SharedMemConfig = 0;

  /// cudaDeviceReset: waits for all work, ends captures, destroys every
  /// handle of every kind (streams, events, graphs, executable graphs, arrays,
  /// memory pools, texture and surface objects), frees all memory, restores
  /// limits and flags, clears the sticky error.
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
  std::atomic<Scheduler *> SchedReady{nullptr}; ///< Sched once created (fast path)
  CooperativeThreads Cooperative;

  /// Whether a capture forbids this thread's unsafe calls. Caller holds CaptureM.
  bool forbidsUnsafeCalls(const CaptureSession &C) const;
  void invalidateLocked(CaptureSession &C);

  std::mutex CaptureM;
  std::vector<std::shared_ptr<CaptureSession>> Captures; ///< active captures
  std::atomic<size_t> ActiveCaptures{0}; ///< Captures.size(), readable without CaptureM
  unsigned long long NextCaptureId = 1;

  HandleTable<CUstream_st> Streams;
  HandleTable<CUevent_st> Events;
  GraphTable Graphs;
  ArrayTable Arrays;
  MemPoolTable MemPools;
  TextureTable Textures;
  SurfaceTable Surfaces;
  HandleTable<CUctx_st, NeverReuse> Contexts;

  std::mutex LimitsM; ///< guards the limits below
  size_t StackSize = 1024;
  size_t PrintfFifoSize = 1 << 20;
  size_t MallocHeapSize = 8 << 20;
  size_t DevRuntimeSyncDepth = 2; // accepted; CUDA 12 has no device-side synchronize
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_RUNTIME_H
